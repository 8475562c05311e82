import { theme } from 'antd';
import type { PageProps } from '../pageTypes.ts';
import { ensureBuiltins } from '../builtins.ts';
import { ListView } from './ListView.tsx';

ensureBuiltins();

/** Menu component 'ListPage': the generic list page for the route. */
export const ListPage = ({ route }: PageProps) => {
  // a borderless card's look (background, corners, padding) without antd's Card on every list page
  const { token } = theme.useToken();
  return (
    <div
      className="engine-page"
      style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: token.paddingLG }}
    >
      <ListView route={route.path} title={route.title} />
    </div>
  );
};
