import type { CockpitOverview } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../../api/call.ts';
import { areaMarks, Panel, RingCounter, ScreenChart, type PointMark } from '../../bigscreen/index.ts';
import { ScreenMap } from '../../bigscreen/ScreenMap.tsx';
import { monthChart, ringChart } from './charts.ts';
import { CHART_REFRESH_MS } from './logic.ts';
import { Figure, Tiles, TOPIC, TopicError } from './parts.tsx';

/** Redraws once, a moment after the topic is shown, when its chart boxes have their final size. */
const VILLAGE_COLOR = '#37c6ff';
const NO_POINTS: PointMark[] = [];
const noop = () => {};

const useLateRedraw = () => {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => setTick(1), CHART_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return tick;
};

/** onRegionName: the area's name once answered; `own` when no region was asked (the caller's own area) */
type Props = { regionCode: string; onRegionName: (name: string, own: boolean) => void };

/** 运营商租户专题: the area's counts, occupancy and renewal rates, the villages on the map and the renewals. */
export const TenantTopic = ({ regionCode, onRegionName }: Props) => {
  const body = regionCode ? { regionCode } : {};
  const q = useQuery({
    queryKey: ['operator', 'cockpit', 'index', body],
    queryFn: () => call(dashboardApi.cockpitOverview, body),
    staleTime: 0,
    retry: false,
  });
  const d: CockpitOverview | undefined = q.data;
  useEffect(() => {
    if (d) onRegionName(d.regionName, !regionCode);
  }, [d, onRegionName, regionCode]);
  const tick = useLateRedraw();
  // the operator's villages as markers (a village's hot area is not on this reply)
  const areas = useMemo(
    () =>
      areaMarks(
        (d?.villageList ?? []).map((v) => ({ ...v, geom: '' })),
        () => VILLAGE_COLOR,
      ),
    [d?.villageList],
  );
  const charts = useMemo(
    () => ({
      persons: monthChart('bar', d?.months, { 男: d?.ownerGatePersonEchartOne, 女: d?.ownerGatePersonEchartTwo }, true),
      orders: monthChart('line', d?.months, {
        续费订单: d?.renewalCooperationOne,
        新增物业公司: d?.renewalCooperationThr,
      }),
      amount: monthChart('bar', d?.months, { '续费金额(元)': d?.renewalCooperationTwo }),
      states: ringChart('物业公司服务状态', d?.renewalCooperationAnalysisOne),
      ahead: monthChart('bar', d?.anticipationMonths, {
        '应续费(元)': d?.anticipationOne,
        到期服务: d?.anticipationTwo,
      }),
    }),
    // a new option object on the late tick makes every chart draw again in its settled box
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [d, tick],
  );
  return (
    <div className="cockpit-topic" style={TOPIC} data-testid="cockpit-topic-0" data-loaded={d ? 'true' : 'false'}>
      <TopicError error={q.error} />
      <Panel title="基础数据" place={{ x: 20, y: 90, w: 450, h: 350 }} testId="cockpit-base">
        <Tiles columns={2}>
          <Figure label="运营商" value={d?.operatorUser ?? 0} unit="家" testId="cockpit-operators" />
          <Figure label="物业公司" value={d?.sysTenantUser ?? 0} unit="家" testId="cockpit-tenants" />
          <Figure label="小区" value={d?.villageCount ?? 0} unit="个" testId="cockpit-villages" />
          <Figure label="楼栋" value={d?.buildCount ?? 0} unit="栋" testId="cockpit-buildings" />
          <Figure label="房屋" value={d?.ownerHouse ?? 0} unit="套" testId="cockpit-houses" />
          <Figure label="住户" value={d?.ownerGatePerson ?? 0} unit="人" testId="cockpit-persons" />
          <Figure label="物业账号" value={d?.tenantUser ?? 0} unit="个" testId="cockpit-staff" />
          <Figure label="到期广告" value={d?.expireAdv ?? 0} unit="个" testId="cockpit-expireAdv" />
        </Tiles>
      </Panel>
      <Panel title="入住率与续约率" place={{ x: 20, y: 450, w: 450, h: 200 }}>
        <div style={{ display: 'flex', justifyContent: 'space-around' }}>
          <RingCounter label="入住率(%)" value={d?.oneRate ?? 0} total={100} color="#4be3a5" testId="cockpit-oneRate" />
          <RingCounter
            label="续约率(%)"
            value={d?.twoRate ?? 100}
            total={100}
            color="#ffb020"
            testId="cockpit-twoRate"
          />
        </div>
      </Panel>
      <Panel title="新增住户（男/女）" place={{ x: 20, y: 660, w: 450, h: 330 }}>
        <ScreenChart option={charts.persons} height={270} testId="cockpit-chart-persons" />
      </Panel>
      <Panel
        title="小区分布"
        extra={<span data-testid="cockpit-map-count">共 {d?.villageList.length ?? 0} 个小区</span>}
        place={{ x: 490, y: 90, w: 940, h: 600 }}
        bodyStyle={{ padding: 0 }}
        testId="cockpit-map-panel"
      >
        <ScreenMap areas={areas} points={NO_POINTS} focus={null} onArea={noop} onPoint={noop} testId="cockpit-map" />
      </Panel>
      <Panel title="续费与合作" place={{ x: 490, y: 700, w: 465, h: 290 }}>
        <ScreenChart option={charts.orders} height={230} testId="cockpit-chart-orders" />
      </Panel>
      <Panel title="续费金额（元）" place={{ x: 965, y: 700, w: 465, h: 290 }}>
        <ScreenChart option={charts.amount} height={230} testId="cockpit-chart-amount" />
      </Panel>
      <Panel title="到期提醒" place={{ x: 1450, y: 90, w: 450, h: 200 }}>
        <Tiles columns={2}>
          <Figure label="到期运营商" value={d?.expireOperatorUser ?? 0} unit="家" testId="cockpit-expireOperators" />
          <Figure label="到期物业公司" value={d?.expireTenant ?? 0} unit="家" testId="cockpit-expireTenants" />
          <Figure label="到期小区" value={d?.expireVillage ?? 0} unit="个" testId="cockpit-expireVillages" />
        </Tiles>
      </Panel>
      <Panel title="物业公司服务状态" place={{ x: 1450, y: 300, w: 450, h: 330 }}>
        <ScreenChart option={charts.states} height={270} testId="cockpit-chart-states" />
      </Panel>
      <Panel title="未来12个月应续费" place={{ x: 1450, y: 640, w: 450, h: 350 }}>
        <ScreenChart option={charts.ahead} height={290} testId="cockpit-chart-ahead" />
      </Panel>
    </div>
  );
};
