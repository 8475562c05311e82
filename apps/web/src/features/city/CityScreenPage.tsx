import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { call } from '../../api/call.ts';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { ScreenError, ScreenHeader, ScreenStage } from '../bigscreen/index.ts';
import {
  AgesPanel,
  DevicesPanel,
  EventCountsPanel,
  EventListPanel,
  OverviewPanel,
  StaffPanel,
  WeatherPanel,
} from './panels.tsx';
import type { CityPopup } from './popups.tsx';

const TITLE = '城市信息中心';
/** the menu page and the full-screen view of the same screen */
export const CITY_MENU_PATH = dashboardApi.city.path;
export const CITY_SCREEN_PATH = '/city-screen';
/** the screen reads its figures again this often */
const REFRESH_MS = 60_000;

// the popups come with their first opening
const SearchPopup = lazy(() => import('./popups.tsx').then((m) => ({ default: m.SearchPopup })));
const VisualPopup = lazy(() => import('./popups.tsx').then((m) => ({ default: m.VisualPopup })));
const IotPopup = lazy(() => import('./popups.tsx').then((m) => ({ default: m.IotPopup })));

const POPUP_BUTTONS: { key: CityPopup; label: string }[] = [
  { key: 'search', label: '高级搜索' },
  { key: 'visual', label: '数据可视化' },
  { key: 'iot', label: '物联设备类型' },
];

/**
 * 城市信息中心 on a 1920×1080 stage: the village picker (?vid= opens one), the date and time, the weather and PM2.5,
 * the overview, staff, age groups, devices, events and their list, and three popups. Shown in the shell (the menu
 * page, with 全屏) and full screen at /city-screen (with 退出全屏).
 */
export const CityScreenPage = ({ route }: Partial<PageProps>) => {
  useDocumentTitle(route ? route.title : TITLE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [vid, setVid] = useState(() => Number(params.get('vid')) || 0);
  const [popup, setPopup] = useState<CityPopup | null>(null);
  const q = useQuery({
    queryKey: ['city-centre', vid],
    queryFn: () => call(dashboardApi.city, { vid }),
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  });
  const d = q.data;
  const close = () => setPopup(null);
  const where = vid ? `?vid=${vid}` : '';
  return (
    <div style={{ height: route ? 'calc(100vh - 120px)' : '100vh', minHeight: 420 }}>
      <ScreenStage testId="city-screen">
        <ScreenHeader
          title={TITLE}
          standalone={false}
          villages={d?.villageOptions ?? []}
          vid={vid}
          onVid={setVid}
          testId="city"
        />
        <nav
          style={{
            position: 'absolute',
            left: 0,
            top: 84,
            width: 1920,
            display: 'flex',
            justifyContent: 'center',
            gap: 14,
          }}
        >
          {POPUP_BUTTONS.map((b) => (
            <button
              key={b.key}
              type="button"
              className="bs-button"
              onClick={() => setPopup(b.key)}
              data-testid={`city-open-${b.key}`}
            >
              {b.label}
            </button>
          ))}
          {route ? (
            <button
              type="button"
              className="bs-button"
              onClick={() => void navigate(`${CITY_SCREEN_PATH}${where}`)}
              data-testid="city-fullscreen"
            >
              全屏
            </button>
          ) : (
            <button
              type="button"
              className="bs-button"
              onClick={() => void navigate(`${CITY_MENU_PATH}${where}`)}
              data-testid="city-exit"
            >
              退出全屏
            </button>
          )}
        </nav>
        <ScreenError error={q.isError ? q.error : null} top={124} testId="city-error" />
        <OverviewPanel d={d} place={{ x: 20, y: 130, w: 450, h: 350 }} />
        <StaffPanel d={d} place={{ x: 20, y: 490, w: 450, h: 200 }} />
        <AgesPanel d={d} place={{ x: 20, y: 700, w: 450, h: 370 }} />
        <EventCountsPanel d={d} place={{ x: 490, y: 130, w: 940, h: 130 }} />
        <EventListPanel d={d} place={{ x: 490, y: 270, w: 940, h: 800 }} />
        <WeatherPanel d={d} place={{ x: 1450, y: 130, w: 450, h: 200 }} />
        <DevicesPanel d={d} place={{ x: 1450, y: 340, w: 450, h: 730 }} />
        <Suspense fallback={null}>
          {popup === 'search' ? <SearchPopup vid={vid} onClose={close} /> : null}
          {popup === 'visual' ? <VisualPopup d={d} onClose={close} /> : null}
          {popup === 'iot' ? <IotPopup d={d} onClose={close} /> : null}
        </Suspense>
      </ScreenStage>
    </div>
  );
};
