import { Spin } from 'antd';

export const Loading = ({ text = '加载中...' }: { text?: string }) => (
  <div className="full-center" data-testid="loading" style={{ minHeight: 200 }}>
    <Spin description={text} size="large">
      <div style={{ width: 120, height: 60 }} />
    </Spin>
  </div>
);
