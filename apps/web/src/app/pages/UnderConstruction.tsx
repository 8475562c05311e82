import { ToolOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useDocumentTitle } from '../useDocumentTitle.ts';

type Props = { title: string; path?: string; component?: string };

/** Placeholder for screens not built yet: never blank, always names the route. */
export const UnderConstruction = ({ title, path, component }: Props) => (
  <div data-testid="under-construction" style={{ padding: 24 }}>
    <Result
      icon={<ToolOutlined />}
      title={<span data-testid="under-construction-title">{title}</span>}
      subTitle="建设中"
      extra={
        path ? (
          <Typography.Text type="secondary">
            {path}
            {component ? ` · ${component}` : ''}
          </Typography.Text>
        ) : null
      }
    />
  </div>
);

/** A standalone (no shell) special page that is not built yet. */
export const StandalonePlaceholder = ({ title }: { title: string }) => {
  useDocumentTitle(title);
  return (
    <div className="full-center" style={{ background: '#fff' }}>
      <UnderConstruction title={title} path={window.location.pathname} />
    </div>
  );
};
