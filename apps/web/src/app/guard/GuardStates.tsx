import { Button, Result, Space } from 'antd';
import { logout } from '../logout.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';

export const GuardError = ({ error, onRetry }: { error: Error; onRetry: () => void }) => {
  useDocumentTitle('加载失败');
  return (
    <div className="full-center" data-testid="guard-error">
      <Result
        status="error"
        title="加载用户信息或菜单失败"
        subTitle={error.message}
        extra={
          <Space>
            <Button type="primary" onClick={onRetry} data-testid="guard-retry">
              重试
            </Button>
            <Button onClick={() => void logout()}>重新登录</Button>
          </Space>
        }
      />
    </div>
  );
};

export const EmptyMenu = () => (
  <div className="full-center" data-testid="empty-menu">
    <Result
      status="403"
      title="暂无可访问的菜单"
      subTitle="请联系管理员分配菜单权限"
      extra={<Button onClick={() => void logout()}>退出登录</Button>}
    />
  </div>
);
