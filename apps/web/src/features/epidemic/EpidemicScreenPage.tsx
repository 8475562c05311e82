import { epidemicApi } from '@5a/contracts/endpoints/epidemic';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call.ts';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ScreenError, ScreenHeader, ScreenStage } from '../bigscreen/index.ts';
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

/**
 * 疫情大数据: the prevention figures of the caller's villages (or the one picked) on a 1920×1080 screen — counters,
 * the map with its doors, the period charts, the alerts and the risk villages. Shown in the shell (the menu page)
 * and full screen at /epidemic, where it brings its own way back.
 */
export const EpidemicScreenPage = ({ route }: Partial<PageProps>) => {
  useDocumentTitle(route ? route.title : TITLE);
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
        <ScreenHeader
          title={TITLE}
          standalone={!route}
          villages={d?.villages ?? []}
          vid={vid}
          onVid={setVid}
          testId="epidemic"
        />
        <ScreenError error={q.isError ? q.error : null} top={90} testId="epidemic-error" />
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
