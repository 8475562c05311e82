import { useCallback, useRef, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useNavigate } from '../../lib/router.tsx';
import { Clock, ScreenStage } from '../bigscreen/index.ts';
import { COCKPIT_TABS, type CockpitTab } from './cockpit/logic.ts';
import { PerceptionTopic } from './cockpit/PerceptionTopic.tsx';
import { ServiceTopic } from './cockpit/ServiceTopic.tsx';
import { TenantTopic } from './cockpit/TenantTopic.tsx';
import { RegionPicker } from './RegionPicker.tsx';

const TITLE = '运营驾驶舱';
/** the full-screen board's own address; the menu page shows the same board inside the shell */
export const COCKPIT_SCREEN_PATH = '/cockpit';
const MENU_PATH = '/Web/DataAnalysis/Operator/index';

const button = {
  height: 32,
  padding: '0 12px',
  background: 'rgba(8,30,66,0.9)',
  color: '#e8f3ff',
  border: '1px solid rgba(64,158,255,0.6)',
  borderRadius: 3,
  fontSize: 14,
  cursor: 'pointer',
} as const;

/**
 * 运营驾驶舱: a 1920×1080 board of the operator's area (its service regions, or the region picked) with three topics
 * chosen at the bottom — tenants, operation services, perception. Only the topic shown is mounted, so switching
 * loads its figures. Shown in the shell (the menu page) and full screen at /cockpit, which brings its own way back.
 */
export const OperatorScreenPage = ({ route }: Partial<PageProps>) => {
  useDocumentTitle(route ? route.title : TITLE);
  const navigate = useNavigate();
  const [tab, setTab] = useState<CockpitTab>(0);
  const [regionCode, setRegionCode] = useState('');
  const [regionName, setRegionName] = useState('');
  const [picking, setPicking] = useState(false);
  // the name of the caller's own area, for when the picker is cleared on a topic that does not name regions
  const ownName = useRef('');
  const onRegionName = useCallback((n: string, own: boolean) => {
    if (own) ownName.current = n;
    setRegionName(n);
  }, []);
  return (
    <div style={{ height: route ? 'calc(100vh - 120px)' : '100vh', minHeight: 420 }} data-testid="operator-cockpit">
      <ScreenStage testId="cockpit-screen">
        <header
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            width: 1920,
            height: 80,
            display: 'flex',
            alignItems: 'center',
            padding: '0 20px',
            boxSizing: 'border-box',
            zIndex: 2,
            background: 'linear-gradient(180deg, rgba(55,198,255,0.18), transparent)',
          }}
        >
          <div style={{ width: 600, display: 'flex', gap: 12, alignItems: 'center', fontSize: 16 }}>
            {route ? (
              <button
                type="button"
                style={button}
                onClick={() => void navigate(COCKPIT_SCREEN_PATH)}
                data-testid="cockpit-fullscreen"
              >
                全屏
              </button>
            ) : (
              <button type="button" style={button} onClick={() => void navigate(MENU_PATH)} data-testid="cockpit-back">
                ← 返回
              </button>
            )}
            <span data-testid="cockpit-region">{regionName || '加载中...'}</span>
            <button
              type="button"
              style={{ ...button, border: 0, background: 'transparent', color: '#37c6ff', padding: 0 }}
              onClick={() => setPicking((p) => !p)}
              data-testid="cockpit-region-change"
            >
              切换
            </button>
            {picking ? (
              <RegionPicker
                onChange={(code, name) => {
                  // each level picked narrows the board at once; 切换 again puts the picker away. Cleared, the
                  // caller's own regions are named by the tenant topic's answer.
                  setRegionCode(code);
                  setRegionName(name || ownName.current);
                }}
              />
            ) : null}
          </div>
          <h1
            style={{
              flex: 1,
              margin: 0,
              textAlign: 'center',
              fontSize: 34,
              letterSpacing: 6,
              color: '#e8f3ff',
              textShadow: '0 0 12px rgba(55,198,255,0.8)',
            }}
          >
            {TITLE}
          </h1>
          <div style={{ width: 600, display: 'flex', justifyContent: 'flex-end' }}>
            <Clock testId="cockpit-clock" />
          </div>
        </header>
        {tab === 0 ? <TenantTopic regionCode={regionCode} onRegionName={onRegionName} /> : null}
        {tab === 1 ? <ServiceTopic regionCode={regionCode} /> : null}
        {tab === 2 ? <PerceptionTopic regionCode={regionCode} /> : null}
        <nav
          role="tablist"
          style={{
            position: 'absolute',
            left: 460,
            top: 1004,
            width: 1000,
            height: 64,
            zIndex: 2,
            display: 'flex',
            gap: 24,
            justifyContent: 'center',
          }}
        >
          {COCKPIT_TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={tab === t.key}
              onClick={() => setTab(t.key)}
              data-testid={`cockpit-tab-${t.key}`}
              style={{
                width: 280,
                fontSize: 20,
                letterSpacing: 2,
                cursor: 'pointer',
                color: tab === t.key ? '#fff' : '#9fb9dd',
                border: `1px solid ${tab === t.key ? '#37c6ff' : 'rgba(64,158,255,0.45)'}`,
                background:
                  tab === t.key
                    ? 'linear-gradient(180deg, rgba(55,198,255,0.55), rgba(8,30,66,0.9))'
                    : 'rgba(8,30,66,0.78)',
                clipPath: 'polygon(8% 0, 92% 0, 100% 100%, 0 100%)',
              }}
            >
              {t.label}
            </button>
          ))}
        </nav>
      </ScreenStage>
    </div>
  );
};
