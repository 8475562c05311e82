import { epidemicApi } from '@5a/contracts/endpoints/epidemic';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call.ts';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useNavigate } from '../../lib/router.tsx';
import { Clock, ScreenStage } from '../bigscreen/index.ts';
import { MapPanel } from './MapPanel.tsx';
import {
  AlertPanel,
  ControlRings,
  IsolationRings,
  OverviewPanel,
  PeriodChart,
  RiskPanel,
  SensingPanel,
} from './panels.tsx';

const TITLE = '疫情防控大数据分析';
/** the screen reads its figures again this often */
const REFRESH_MS = 30_000;

const select = {
  height: 34,
  minWidth: 200,
  padding: '0 8px',
  background: 'rgba(8,30,66,0.9)',
  color: '#e8f3ff',
  border: '1px solid rgba(64,158,255,0.6)',
  borderRadius: 3,
  fontSize: 15,
} as const;

/**
 * 疫情大数据: the prevention figures of the caller's villages (or the one picked) on a 1920×1080 screen — counters,
 * the map with its doors, the period charts, the alerts and the risk villages. Shown in the shell (the menu page)
 * and full screen at /epidemic, where it brings its own way back.
 */
export const EpidemicScreenPage = ({ route }: Partial<PageProps>) => {
  useDocumentTitle(route ? route.title : TITLE);
  const navigate = useNavigate();
  const [vid, setVid] = useState(0);
  const q = useQuery({
    queryKey: ['epidemic', 'index', vid],
    queryFn: () => call(epidemicApi.index, { vid }),
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  });
  const d = q.data;
  return (
    <div style={{ height: route ? 'calc(100vh - 120px)' : '100vh', minHeight: 420 }}>
      <ScreenStage testId="epidemic-screen">
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
            background: 'linear-gradient(180deg, rgba(55,198,255,0.18), transparent)',
          }}
        >
          <div style={{ width: 560, display: 'flex', gap: 12, alignItems: 'center' }}>
            {route ? null : (
              <button
                type="button"
                onClick={() => void navigate('/')}
                style={{ ...select, minWidth: 0, cursor: 'pointer' }}
                data-testid="epidemic-back"
              >
                ← 返回
              </button>
            )}
            <select
              value={vid}
              onChange={(e) => setVid(Number(e.target.value))}
              style={select}
              aria-label="选择小区"
              data-testid="epidemic-village"
            >
              <option value={0}>全部小区</option>
              {(d?.villages ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
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
          <div style={{ width: 560, display: 'flex', justifyContent: 'flex-end' }}>
            <Clock testId="epidemic-clock" />
          </div>
        </header>
        {q.isError ? (
          <div
            style={{
              position: 'absolute',
              left: 0,
              right: 0,
              top: 90,
              textAlign: 'center',
              color: '#ff5b5b',
              fontSize: 18,
              zIndex: 20,
            }}
            data-testid="epidemic-error"
          >
            {(q.error as Error).message}
          </div>
        ) : null}
        <ControlRings d={d} place={{ x: 20, y: 90, w: 450, h: 190 }} />
        <IsolationRings d={d} place={{ x: 20, y: 290, w: 450, h: 190 }} />
        <PeriodChart kind="trend" vid={vid} year={d?.contrast} place={{ x: 20, y: 490, w: 450, h: 285 }} />
        <PeriodChart kind="bar" vid={vid} year={d?.contrast} place={{ x: 20, y: 785, w: 450, h: 285 }} />
        <MapPanel d={d} vid={vid} place={{ x: 490, y: 90, w: 940, h: 650 }} />
        <PeriodChart kind="comparison" vid={vid} year={d?.contrast} place={{ x: 490, y: 750, w: 940, h: 320 }} />
        <OverviewPanel d={d} place={{ x: 1450, y: 90, w: 450, h: 190 }} />
        <SensingPanel d={d} place={{ x: 1450, y: 290, w: 450, h: 190 }} />
        <AlertPanel d={d} place={{ x: 1450, y: 490, w: 450, h: 320 }} />
        <RiskPanel d={d} place={{ x: 1450, y: 820, w: 450, h: 250 }} onPick={setVid} />
      </ScreenStage>
    </div>
  );
};
