import type { PageProps } from './pageTypes.ts';
import { UnderConstruction } from '../../engine/UnderConstruction.tsx';

export const UnderConstructionPage = ({ route }: PageProps) => (
  <UnderConstruction title={route.title} path={route.path} component={route.component} />
);
