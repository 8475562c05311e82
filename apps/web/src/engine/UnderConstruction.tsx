import { ToolOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';

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
