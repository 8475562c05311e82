import { AccountBookOutlined, CommentOutlined, FormOutlined, LikeOutlined, ToolOutlined } from '@ant-design/icons';
import type { ResidentHome, ResidentMe, ResidentModuleKey } from '@5a/contracts/endpoints/resident';
import { Empty, Select } from 'antd';
import type { ReactNode } from 'react';
import { Block } from './Layout.tsx';
import { homeLabel, visibleModules } from './logic.ts';

const ICONS: Record<ResidentModuleKey, ReactNode> = {
  questionnaire: <FormOutlined />,
  vote: <LikeOutlined />,
  neighbour: <CommentOutlined />,
  bill: <AccountBookOutlined />,
  repair: <ToolOutlined />,
};

/** the signed-in home: which of his homes he acts as, and the modules its village has on */
export const Home = ({
  me,
  home,
  onHome,
  onOpen,
}: {
  me: ResidentMe;
  home: ResidentHome;
  onHome: (personId: number) => void;
  onOpen: (key: ResidentModuleKey) => void;
}) => {
  const modules = visibleModules(home, me.action);
  return (
    <>
      <Block testId="resident-home">
        <div style={{ color: '#888', marginBottom: 4 }}>
          {home.name} · {me.phone}
        </div>
        {me.homes.length > 1 ? (
          <Select
            style={{ width: '100%' }}
            value={home.person_id}
            onChange={onHome}
            options={me.homes.map((h) => ({ value: h.person_id, label: homeLabel(h) }))}
            data-testid="resident-home-select"
          />
        ) : (
          <strong>{homeLabel(home)}</strong>
        )}
      </Block>
      {modules.length ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 12 }} data-testid="resident-modules">
          {modules.map((m) => (
            <button
              key={m.key}
              type="button"
              onClick={() => onOpen(m.key)}
              data-testid={`resident-module-${m.key}`}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 8,
                padding: '16px 4px',
                border: 'none',
                borderRadius: 8,
                background: '#fff',
                fontSize: 14,
                cursor: 'pointer',
              }}
            >
              <span style={{ fontSize: 28, color: '#1677ff' }}>{ICONS[m.key]}</span>
              {m.title}
            </button>
          ))}
        </div>
      ) : (
        <Empty description="所在小区暂未开通住户服务" />
      )}
    </>
  );
};
