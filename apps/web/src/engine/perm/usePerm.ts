import { useContext, useMemo } from 'react';
import { PermsContext } from './context.ts';
import { checkPerm, type PermCheck } from '../logic/perm.ts';

export type Perm = { has: (code: string) => boolean; check: (c: PermCheck) => boolean; perms: ReadonlySet<string> };

/** The session's permission codes ('Building:add'); outside a session nothing is granted. */
export const usePerm = (): Perm => {
  const list = useContext(PermsContext);
  return useMemo(() => {
    const perms: ReadonlySet<string> = new Set(list ?? []);
    return { perms, has: (c: string) => perms.has(c), check: (c: PermCheck) => checkPerm(perms, c) };
  }, [list]);
};
