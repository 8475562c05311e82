import { dataScreenApi } from '@5a/contracts/endpoints/datascreen';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call.ts';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { ScreenError, ScreenHeader, ScreenStage } from '../bigscreen/index.ts';
import {
  CountsPanel,
  DevicePanel,
  MapPanel,
  ParkingRings,
  PatrolGauge,
  PendingRepairs,
  RepairStats,
  TrafficChart,
  VehiclePanel,
  WeatherBox,
} from './panels.tsx';

type Variant = 'community' | 'property';
const TITLES: Record<Variant, string> = { community: '社区大数据', property: '物业一张图' };
/** the screen reads its figures again this often */
const REFRESH_MS = 60_000;

/**
 * 社区大数据 and its property-data variant (物业一张图) on a 1920×1080 stage: the village picker (?vid= opens one),
 * the map with its tabs, the monthly traffic, patrol, parking, repairs, barrier passages, devices and the weather.
 * Shown in the shell (the menu page) and full screen, where it brings its own way back.
 */
const DataScreenPage = ({ route, variant }: Partial<PageProps> & { variant: Variant }) => {
  useDocumentTitle(route ? route.title : TITLES[variant]);
  const [params] = useSearchParams();
  const [vid, setVid] = useState(() => Number(params.get('vid')) || 0);
  const api = variant === 'community' ? dataScreenApi.community : dataScreenApi.propertyData;
  const q = useQuery({
    queryKey: ['datascreen', variant, vid],
    queryFn: () => call(api, { vid }),
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  });
  const d = q.data;
  const testId = `ds-${variant}`;
  return (
    <div style={{ height: route ? 'calc(100vh - 120px)' : '100vh', minHeight: 420 }}>
      <ScreenStage testId={`${testId}-screen`}>
        <ScreenHeader
          title={TITLES[variant]}
          standalone={!route}
          villages={d?.villageOptions ?? []}
          vid={vid}
          onVid={setVid}
          extra={<WeatherBox d={d} />}
          testId={testId}
        />
        <ScreenError error={q.isError ? q.error : null} top={90} testId="ds-error" />
        {variant === 'community' ? (
          <>
            <PatrolGauge d={d} place={{ x: 20, y: 90, w: 450, h: 300 }} />
            <ParkingRings d={d} place={{ x: 20, y: 400, w: 450, h: 200 }} />
            <RepairStats d={d} place={{ x: 20, y: 610, w: 450, h: 200 }} />
            <DevicePanel d={d} place={{ x: 20, y: 820, w: 450, h: 250 }} cols={2} />
            <MapPanel d={d} place={{ x: 490, y: 90, w: 940, h: 650 }} />
            <TrafficChart d={d} place={{ x: 490, y: 750, w: 940, h: 320 }} />
            <VehiclePanel d={d} place={{ x: 1450, y: 90, w: 450, h: 980 }} />
          </>
        ) : (
          <>
            <CountsPanel d={d} place={{ x: 20, y: 90, w: 450, h: 470 }} />
            <RepairStats d={d} place={{ x: 20, y: 570, w: 450, h: 200 }} />
            <TrafficChart d={d} place={{ x: 20, y: 780, w: 450, h: 290 }} />
            <MapPanel d={d} place={{ x: 490, y: 90, w: 940, h: 760 }} />
            <DevicePanel d={d} place={{ x: 490, y: 860, w: 940, h: 210 }} />
            <PendingRepairs d={d} place={{ x: 1450, y: 90, w: 450, h: 500 }} />
            <PatrolGauge d={d} place={{ x: 1450, y: 600, w: 450, h: 250 }} />
            <ParkingRings d={d} place={{ x: 1450, y: 860, w: 450, h: 210 }} />
          </>
        )}
      </ScreenStage>
    </div>
  );
};

export const CommunityScreenPage = (p: Partial<PageProps>) => <DataScreenPage {...p} variant="community" />;
export const PropertyDataScreenPage = (p: Partial<PageProps>) => <DataScreenPage {...p} variant="property" />;
