import type { ReactNode } from 'react';
import type { PermCheck } from '../logic/perm.ts';
import { usePerm } from './usePerm.ts';

type Props = PermCheck & { children: ReactNode; fallback?: ReactNode };

/** Permission directive: renders children only when the check passes. */
export const Can = ({ anyOf, allOf, noneOf, children, fallback = null }: Props) => {
  const { check } = usePerm();
  return <>{check({ anyOf, allOf, noneOf }) ? children : fallback}</>;
};
