import { LeftOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';

/** the phone page's frame: a sticky title bar (back, title, an action) over a column no wider than a phone */
export const Screen = ({
  title,
  onBack,
  extra,
  children,
}: {
  title: string;
  onBack?: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) => (
  <div
    style={{ maxWidth: 480, margin: '0 auto', minHeight: '100vh', background: '#f5f5f5' }}
    data-testid="resident-page"
  >
    <div
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        minHeight: 52,
        padding: '8px 12px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      {onBack ? (
        <Button type="text" icon={<LeftOutlined />} onClick={onBack} aria-label="返回" data-testid="resident-back" />
      ) : null}
      <h2
        style={{ flex: 1, margin: 0, fontSize: 18, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        data-testid="resident-title"
      >
        {title}
      </h2>
      {extra}
    </div>
    <div style={{ padding: 12 }}>{children}</div>
  </div>
);

export const Busy = ({ text = '加载中' }: { text?: string }) => (
  <div
    style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: '30vh 16px 0' }}
    data-testid="resident-busy"
  >
    <Spin indicator={<LoadingOutlined style={{ fontSize: 32 }} spin />} />
    <span>{text}</span>
  </div>
);

/** a white block of the page */
export const Block = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <div style={{ background: '#fff', borderRadius: 8, padding: 12, marginBottom: 12 }} data-testid={testId}>
    {children}
  </div>
);
