import { Button, Result } from 'antd';

/** A list whose config did not load, in its own chunk (ListView): antd's Result carries its illustrations. */
export const LoadFailed = ({ message, onRetry }: { message: string; onRetry: () => void }) => (
  <Result
    status="error"
    title="加载页面配置失败"
    subTitle={message}
    extra={
      <Button type="primary" onClick={onRetry}>
        重试
      </Button>
    }
  />
);
