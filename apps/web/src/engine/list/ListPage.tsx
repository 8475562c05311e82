import { Card } from 'antd';
import type { PageProps } from '../pageTypes.ts';
import { ensureBuiltins } from '../builtins.ts';
import { ListView } from './ListView.tsx';

ensureBuiltins();

/** Menu component 'ListPage': the generic list page for the route. */
export const ListPage = ({ route }: PageProps) => (
  <Card variant="borderless" className="engine-page">
    <ListView route={route.path} title={route.title} />
  </Card>
);
