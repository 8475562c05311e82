import { Button, Result } from 'antd';
import { useNavigate } from '../../lib/router.tsx';
import { useDocumentTitle } from '../useDocumentTitle.ts';

/** Any unknown path: '返回首页' replaces the route with /. */
export const NotFound = () => {
  const navigate = useNavigate();
  useDocumentTitle('404');
  return (
    <div className="full-center" data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={
          <Button type="primary" data-testid="back-home" onClick={() => navigate('/', { replace: true })}>
            返回首页
          </Button>
        }
      />
    </div>
  );
};
