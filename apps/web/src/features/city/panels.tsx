import type { CityCentre, IotItem } from '@5a/contracts';
import { useMemo, useState } from 'react';
import { Panel, RingCounter, ScreenChart, ScrollList, Stat, Toggle, type Place } from '../bigscreen/index.ts';
import {
  agesOption,
  devicesOption,
  EVENT_FILTERS,
  filterEvents,
  pm25Text,
  UNCONNECTED,
  weatherText,
  type EventFilter,
} from './logic.ts';

type D = CityCentre | undefined;
const grid = (cols: number) => ({ display: 'grid', gridTemplateColumns: `repeat(${cols}, 1fr)`, gap: 10 }) as const;

/** 概况: the eight figures (入住率 a share, the rest counts). */
export const OverviewPanel = ({ d, place }: { d: D; place: Place }) => {
  const o = d?.overview;
  const items: [keyof NonNullable<D>['overview'], string, string][] = [
    ['village', '小区', '个'],
    ['building', '楼栋', '栋'],
    ['owner', '业主', '人'],
    ['resident', '住户', '人'],
    ['tenant', '租户', '人'],
    ['visitor', '访客', '人'],
    ['house', '房屋', '套'],
  ];
  return (
    <Panel title="数据概况" place={place} testId="city-overview">
      <div style={grid(2)}>
        {items.map(([k, label, unit]) => (
          <Stat key={k} label={label} value={o?.[k] ?? 0} unit={unit} testId={`city-count-${k}`} />
        ))}
        <div className="bs-stat" style={{ borderLeftColor: '#4be3a5' }} data-testid="city-occupancy">
          <span className="bs-stat-label">入住率</span>
          <span className="bs-stat-value" style={{ color: '#4be3a5' }} data-value={o?.occupancyRate ?? 0}>
            {(o?.occupancyRate ?? 0).toFixed(2)}
            <small style={{ fontSize: 14, marginLeft: 4, color: '#9fb9dd' }}>%</small>
          </span>
        </div>
      </div>
    </Panel>
  );
};

/** 员工: 管家, 保安, 后勤 as rings of all active staff. */
export const StaffPanel = ({ d, place }: { d: D; place: Place }) => {
  const s = d?.staff;
  const total = s?.total ?? 0;
  return (
    <Panel
      title="员工统计"
      place={place}
      extra={
        <span style={{ color: '#9fb9dd' }} data-testid="city-staff-total">
          共 {total} 人{s?.other ? `（其他 ${s.other}）` : ''}
        </span>
      }
      testId="city-staff"
    >
      <div style={{ display: 'flex', justifyContent: 'space-around' }}>
        <RingCounter
          label="管家"
          value={s?.steward ?? 0}
          total={total}
          color="#37c6ff"
          size={96}
          testId="city-staff-steward"
        />
        <RingCounter
          label="保安"
          value={s?.security ?? 0}
          total={total}
          color="#ffb020"
          size={96}
          testId="city-staff-security"
        />
        <RingCounter
          label="后勤"
          value={s?.logistics ?? 0}
          total={total}
          color="#4be3a5"
          size={96}
          testId="city-staff-logistics"
        />
      </div>
    </Panel>
  );
};

/** 年龄段 from the residents' ID numbers; 未知 those without a valid one. */
export const AgesPanel = ({ d, place }: { d: D; place: Place }) => {
  const option = useMemo(() => agesOption(d?.ages), [d?.ages]);
  return (
    <Panel title="年龄分布" place={place} testId="city-ages">
      <ScreenChart option={option} height={place.h - 84} testId="city-ages-chart" />
      <div style={{ color: '#9fb9dd', fontSize: 12, textAlign: 'center' }} data-testid="city-ages-values">
        {(d?.ages ?? []).map((a) => `${a.label} ${a.num}`).join(' · ')}
      </div>
    </Panel>
  );
};

/** The weather of the first located village, its PM2.5 (未接入 when the provider gives none). */
export const WeatherPanel = ({ d, place }: { d: D; place: Place }) => {
  const w = d?.weather;
  return (
    <Panel title="天气环境" place={place} testId="city-weather-panel">
      <div style={{ fontSize: 18, color: '#e8f3ff', minHeight: 28 }} data-testid="city-weather" title={w?.location}>
        {weatherText(w)}
      </div>
      <div style={{ ...grid(2), marginTop: 12 }}>
        <div className="bs-stat">
          <span className="bs-stat-label">PM2.5</span>
          <span className="bs-stat-value" style={{ fontSize: 20 }} data-testid="city-pm25">
            {w?.pm25 ? pm25Text(w) : <span className="bs-unconnected">{UNCONNECTED}</span>}
          </span>
        </div>
        <div className="bs-stat">
          <span className="bs-stat-label">空气质量</span>
          <span className="bs-stat-value" style={{ fontSize: 20 }} data-testid="city-aqi">
            {w?.api ? `${w.aqi} ${w.api}` : <span className="bs-unconnected">{UNCONNECTED}</span>}
          </span>
        </div>
      </div>
    </Panel>
  );
};

/** One device kind: its two halves, or 未接入 when no module brings it. */
export const DeviceRow = ({ i, testId }: { i: IotItem; testId: string }) => (
  <div
    style={{ display: 'grid', gridTemplateColumns: '100px 1fr 1fr', alignItems: 'center', gap: 8, minHeight: 40 }}
    className="bs-stat"
    data-testid={testId}
    data-connected={i.connected ? '1' : '0'}
  >
    <span style={{ color: '#e8f3ff', fontSize: 15 }}>{i.title}</span>
    {i.connected ? (
      <>
        <span>
          <small style={{ color: '#9fb9dd' }}>{i.onLabel} </small>
          <b style={{ color: '#4be3a5', fontSize: 20 }} data-testid={`${testId}-on`}>
            {i.online}
          </b>
        </span>
        <span>
          <small style={{ color: '#9fb9dd' }}>{i.offLabel} </small>
          <b style={{ color: '#ff5b5b', fontSize: 20 }} data-testid={`${testId}-off`}>
            {i.offline}
          </b>
        </span>
      </>
    ) : (
      <span style={{ gridColumn: 'span 2' }}>
        <b style={{ fontSize: 20, color: '#8c8c8c' }}>0</b> <span className="bs-unconnected">{UNCONNECTED}</span>
      </span>
    )}
  </div>
);

/** Each device kind's two halves, then the same as a chart. */
export const DevicesPanel = ({ d, place }: { d: D; place: Place }) => {
  const option = useMemo(() => devicesOption(d?.devices), [d?.devices]);
  return (
    <Panel title="设备在线/离线" place={place} testId="city-devices">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {(d?.devices ?? []).map((i) => (
          <DeviceRow key={i.key} i={i} testId={`city-device-${i.key}`} />
        ))}
      </div>
      <ScreenChart option={option} height={place.h - 60 - 6 * 54 - 16} testId="city-devices-chart" />
    </Panel>
  );
};

/** 事件统计: the four counts. */
export const EventCountsPanel = ({ d, place }: { d: D; place: Place }) => {
  const e = d?.events;
  return (
    <Panel title="事件统计" place={place} testId="city-events">
      <div style={grid(4)}>
        <Stat label="待处理" value={e?.pending ?? 0} color="#ffb020" testId="city-event-pending" />
        <Stat label="处理中" value={e?.processing ?? 0} color="#37c6ff" testId="city-event-processing" />
        <Stat label="已超时" value={e?.overdue ?? 0} color="#ff5b5b" testId="city-event-overdue" />
        <Stat label="催单/提醒" value={e?.reminder ?? 0} color="#a87bff" testId="city-event-reminder" />
      </div>
    </Panel>
  );
};

/** The latest open events, 已派 or 未派, scrolling. */
export const EventListPanel = ({ d, place }: { d: D; place: Place }) => {
  const [filter, setFilter] = useState<EventFilter>('all');
  const rows = useMemo(() => filterEvents(d?.eventList ?? [], filter), [d?.eventList, filter]);
  return (
    <Panel
      title="事件列表"
      place={place}
      extra={<Toggle value={filter} options={EVENT_FILTERS} onChange={setFilter} testId="city-event-filter" />}
      testId="city-event-list-panel"
    >
      <ScrollList
        rows={rows}
        rowKey={(r) => r.key}
        height={place.h - 60}
        empty="暂无事件"
        testId="city-event-list"
        columns={[
          { title: '小区', width: 110, render: (r) => r.village_name },
          { title: '事件', render: (r) => <span title={r.title}>{r.title}</span> },
          { title: '类型', width: 70, render: (r) => (r.kind === 'order' ? '报修' : '事件上报') },
          { title: '状态', width: 70, render: (r) => r.status },
          {
            title: '派单',
            width: 60,
            render: (r) => (
              <b style={{ color: r.dispatched ? '#4be3a5' : '#ffb020' }}>{r.dispatched ? '已派' : '未派'}</b>
            ),
          },
          { title: '时间', width: 110, render: (r) => r.create_time.slice(5, 16) },
        ]}
      />
    </Panel>
  );
};
