import type { DataScreen, DataScreenStatistics } from '@5a/contracts/endpoints/datascreen';
import { useMemo, useState } from 'react';
import { areaMarks, Panel, RingCounter, ScreenChart, ScrollList, Stat, type Place } from '../bigscreen/index.ts';
import { ScreenMap, type MapFocus } from '../bigscreen/ScreenMap.tsx';
import { MAP_TABS, patrolGaugeOption, REPAIR_STATUS, tabPoints, trafficOption, type MapTab } from './logic.ts';

type D = DataScreen | undefined;
const grid = (cols: number) => ({ display: 'grid', gridTemplateColumns: `repeat(${cols}, 1fr)`, gap: 10 }) as const;

/** The map with its five tabs, each showing its markers. */
export const MapPanel = ({ d, place }: { d: D; place: Place }) => {
  const [tab, setTab] = useState<MapTab>('community');
  const [focus, setFocus] = useState<MapFocus>(null);
  const areas = useMemo(() => areaMarks(d?.panelInfo.villageList ?? [], () => '#37c6ff'), [d?.panelInfo.villageList]);
  const points = useMemo(() => tabPoints(d, tab, areas), [d, tab, areas]);
  return (
    <Panel place={place} bodyStyle={{ padding: 0 }} testId="ds-map-panel">
      <ScreenMap
        areas={areas}
        points={points}
        focus={focus}
        onArea={(id) => setFocus({ kind: 'area', id })}
        onPoint={(id) => setFocus({ kind: 'point', id })}
        testId="ds-map"
      />
      <div className="bs-toggle" role="tablist" style={{ position: 'absolute', left: 48, top: 12, zIndex: 5 }}>
        {MAP_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            className={t.key === tab ? 'bs-toggle-on' : undefined}
            onClick={() => setTab(t.key)}
            data-testid={`ds-tab-${t.key}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        style={{ position: 'absolute', right: 12, bottom: 12, zIndex: 4, color: '#9fb9dd', fontSize: 13 }}
        data-testid="ds-map-counts"
        data-points={points.length}
        data-tab={tab}
      >
        小区 {areas.length} · {MAP_TABS.find((t) => t.key === tab)!.label} {points.length}
      </div>
    </Panel>
  );
};

export const TrafficChart = ({ d, place }: { d: D; place: Place }) => {
  const option = useMemo(() => trafficOption(d?.traffic), [d?.traffic]);
  return (
    <Panel title="月度出入统计" place={place} testId="ds-traffic">
      <ScreenChart option={option} height={place.h - 60} testId="ds-traffic-chart" />
    </Panel>
  );
};

export const PatrolGauge = ({ d, place }: { d: D; place: Place }) => {
  const done = d?.panelInfo.intelligentPatrolSuc ?? 0;
  const total = d?.panelInfo.intelligentPatrol ?? 0;
  const option = useMemo(() => patrolGaugeOption(done, total), [done, total]);
  return (
    <Panel
      title="今日巡更完成率"
      place={place}
      extra={
        <span style={{ color: '#9fb9dd' }} data-testid="ds-patrol-count">
          {done}/{total}
        </span>
      }
      testId="ds-patrol"
    >
      <ScreenChart option={option} height={place.h - 60} testId="ds-patrol-chart" />
    </Panel>
  );
};

export const ParkingRings = ({ d, place }: { d: D; place: Place }) => {
  const p = d?.parkingIot;
  return (
    <Panel title="智慧停车" place={place} testId="ds-parking">
      <div style={{ display: 'flex', justifyContent: 'space-around' }}>
        <RingCounter label="停车场" value={p?.parkNum ?? 0} color="#37c6ff" size={96} testId="ds-park-lots" />
        <RingCounter label="车位" value={p?.parking ?? 0} color="#ffb020" size={96} testId="ds-park-spaces" />
        <RingCounter
          label="空闲车位"
          value={p?.surplus ?? 0}
          total={p?.parking ?? 0}
          color="#4be3a5"
          size={96}
          testId="ds-park-surplus"
        />
      </div>
    </Panel>
  );
};

export const RepairStats = ({ d, place }: { d: D; place: Place }) => {
  const p = d?.panelInfo;
  const total = p?.repairStatistics ?? 0;
  return (
    <Panel title="报事报修" place={place} testId="ds-repairs">
      <div style={{ display: 'flex', justifyContent: 'space-around' }}>
        <RingCounter label="报修总数" value={total} color="#37c6ff" size={96} testId="ds-repair-total" />
        <RingCounter
          label="未完成"
          value={p?.repairStatisticsErr ?? 0}
          total={total}
          color="#ff5b5b"
          size={96}
          testId="ds-repair-open"
        />
        <RingCounter
          label="已完成"
          value={p?.repairStatisticsSuc ?? 0}
          total={total}
          color="#4be3a5"
          size={96}
          testId="ds-repair-done"
        />
      </div>
    </Panel>
  );
};

export const VehiclePanel = ({ d, place }: { d: D; place: Place }) => (
  <Panel title="车辆进出" place={place} testId="ds-vehicles">
    <div style={{ ...grid(2), marginBottom: 10 }}>
      <Stat label="今日入场" value={d?.vehicleEntryexit.into ?? 0} color="#37c6ff" testId="ds-car-in" />
      <Stat label="今日出场" value={d?.vehicleEntryexit.out ?? 0} color="#ffb020" testId="ds-car-out" />
    </div>
    <ScrollList
      rows={d?.panelInfo.vehicleEntryexitList ?? []}
      rowKey={(r) => r.id}
      height={place.h - 150}
      empty="暂无车辆进出"
      testId="ds-vehicle-list"
      columns={[
        { title: '车牌', width: 110, render: (r) => r.platenum },
        { title: '时间', render: (r) => r.create_time.slice(5, 16) },
        {
          title: '进出',
          width: 50,
          render: (r) => (
            <b style={{ color: r.is_type === 1 ? '#37c6ff' : '#ffb020' }}>{r.is_type === 1 ? '进' : '出'}</b>
          ),
        },
      ]}
    />
  </Panel>
);

const STATISTICS: { key: Exclude<keyof DataScreenStatistics, 'unconnected'>; label: string }[] = [
  { key: 'interControlNum', label: '智能门禁' },
  { key: 'parkNum', label: '智能道闸' },
  { key: 'videoNum', label: '高清监控' },
  { key: 'aiVideo', label: 'AI监控' },
  { key: 'autoCharging', label: '智能充电' },
  { key: 'ladder', label: '智能梯控' },
];

/** Device counts; a kind with no source says 未接入 beside its 0. */
export const DevicePanel = ({ d, place, cols = 3 }: { d: D; place: Place; cols?: number }) => (
  <Panel title="智能设备" place={place} testId="ds-devices">
    <div style={grid(cols)}>
      {STATISTICS.map((s) => (
        <Stat
          key={s.key}
          label={d?.statistics.unconnected.includes(s.key as 'aiVideo') ? `${s.label}（未接入）` : s.label}
          value={d?.statistics[s.key] ?? 0}
          testId={`ds-stat-${s.key}`}
        />
      ))}
    </div>
  </Panel>
);

/** The property-data counts. */
export const CountsPanel = ({ d, place }: { d: D; place: Place }) => {
  const p = d?.panelInfo;
  const items: [string, string, number, string][] = [
    ['village', '小区', p?.village ?? 0, '个'],
    ['building', '楼栋', p?.building ?? 0, '栋'],
    ['house', '房屋', p?.house ?? 0, '套'],
    ['owner', '业主', p?.owner ?? 0, '人'],
    ['usingHouse', '入住户', p?.usingHouse ?? 0, '户'],
    ['tenant', '租户', p?.tenant ?? 0, '人'],
    ['visitor', '访客', p?.visitor ?? 0, '人'],
    ['proPerson', '员工', p?.proPerson ?? 0, '人'],
    ['trafficRecord', '今日通行', p?.trafficRecord ?? 0, '次'],
    ['intelligentPatrol', '今日巡更', p?.intelligentPatrol ?? 0, '次'],
  ];
  return (
    <Panel
      title="数据概况"
      place={place}
      extra={
        <span style={{ color: '#4be3a5' }} data-testid="ds-occupancy" data-value={p?.occupancyRate ?? 0}>
          入住率 {(p?.occupancyRate ?? 0).toFixed(2)}%
        </span>
      }
      testId="ds-counts"
    >
      <div style={grid(2)}>
        {items.map(([k, label, n, unit]) => (
          <Stat key={k} label={label} value={n} unit={unit} testId={`ds-count-${k}`} />
        ))}
      </div>
    </Panel>
  );
};

/** Open repair orders, scrolling. */
export const PendingRepairs = ({ d, place }: { d: D; place: Place }) => (
  <Panel title="待处理报修" place={place} testId="ds-pending">
    <ScrollList
      rows={d?.repairInfo ?? []}
      rowKey={(r) => r.id}
      height={place.h - 60}
      empty="暂无待处理报修"
      testId="ds-pending-list"
      columns={[
        { title: '小区', width: 90, render: (r) => r.village_name },
        { title: '问题', render: (r) => <span title={r.problem}>{r.problem}</span> },
        { title: '状态', width: 60, render: (r) => REPAIR_STATUS[r.status] ?? '' },
        { title: '时间', width: 90, render: (r) => r.create_time.slice(5, 16) },
      ]}
    />
  </Panel>
);

/** The weather of the first located village; 未配置天气服务 without a service. */
export const WeatherBox = ({ d }: { d: D }) => {
  const w = d?.weather;
  const text = !w
    ? ''
    : w.weather
      ? `${w.weather} ${w.temperature_curr} ${w.temperature}${w.api ? ` 空气${w.aqi} ${w.api}` : ''}${w.provider === 'sandbox' ? '（演示数据）' : ''}`
      : w.msg;
  return (
    <div style={{ color: '#d6e6ff', fontSize: 16, marginRight: 20 }} data-testid="ds-weather" title={w?.location}>
      {text}
    </div>
  );
};
