import { citySearchTitles, citySearchTypes, type CityCentre, type CitySearchType } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '../../api/call.ts';
import { ScreenChart, ScreenPopup, ScrollList, Toggle } from '../bigscreen/index.ts';
import { agesOption, devicesOption, eventsOption, overviewOption, staffOption } from './logic.ts';
import { DeviceRow } from './panels.tsx';

export type CityPopup = 'search' | 'visual' | 'iot';

const SEARCH_OPTIONS = citySearchTypes.map((t) => ({ value: t, label: citySearchTitles[t] }));

/** 高级搜索: buildings, houses, owners (phones masked) or devices of the villages shown, by the text typed. */
export const SearchPopup = ({ vid, onClose }: { vid: number; onClose: () => void }) => {
  const [type, setType] = useState<CitySearchType>('building');
  const [text, setText] = useState('');
  const [asked, setAsked] = useState({ type, name: '' });
  const q = useQuery({
    queryKey: ['city-search', vid, asked.type, asked.name],
    queryFn: () => call(dashboardApi.citySearch, { vid, type: asked.type, name: asked.name }),
  });
  const rows = (q.data ?? []).map((h, i) => ({ ...h, n: i }));
  return (
    <ScreenPopup title="高级搜索" onClose={onClose} testId="city-search">
      <form
        style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked({ type, name: text.trim() });
        }}
      >
        <Toggle
          value={type}
          options={SEARCH_OPTIONS}
          onChange={(t) => {
            setType(t);
            setAsked({ type: t, name: text.trim() });
          }}
          testId="city-search-type"
        />
        <input
          className="bs-input"
          style={{ width: 360 }}
          value={text}
          maxLength={50}
          placeholder={`请输入${citySearchTitles[type]}`}
          onChange={(e) => setText(e.target.value)}
          data-testid="city-search-text"
        />
        <button type="submit" className="bs-button" data-testid="city-search-go">
          搜索
        </button>
        <span style={{ color: '#9fb9dd' }} data-testid="city-search-count" data-count={q.isSuccess ? rows.length : -1}>
          {q.isFetching ? '搜索中…' : `共 ${rows.length} 条`}
        </span>
      </form>
      <ScrollList
        rows={rows}
        rowKey={(r) => r.n}
        height={600}
        empty={q.isError ? (q.error as Error).message : q.isFetching ? '搜索中…' : '没有找到'}
        testId="city-search-list"
        columns={[
          { title: citySearchTitles[asked.type], render: (r) => r.name },
          { title: '小区', width: 160, render: (r) => r.village_name },
          { title: '位置', width: 220, render: (r) => r.place },
          { title: '信息', width: 260, render: (r) => r.detail },
        ]}
      />
    </ScreenPopup>
  );
};

/** 数据可视化: the screen's figures as charts. */
export const VisualPopup = ({ d, onClose }: { d: CityCentre | undefined; onClose: () => void }) => {
  const charts = useMemo(
    () => [
      { key: 'overview', title: '数据概况', option: overviewOption(d?.overview) },
      { key: 'staff', title: '员工统计', option: staffOption(d?.staff) },
      { key: 'ages', title: '年龄分布', option: agesOption(d?.ages) },
      { key: 'devices', title: '设备在线/离线', option: devicesOption(d?.devices) },
      { key: 'events', title: '事件统计', option: eventsOption(d?.events) },
      { key: 'iot', title: '物联设备类型', option: devicesOption(d?.iotTypes) },
    ],
    [d],
  );
  return (
    <ScreenPopup title="数据可视化" place={{ x: 160, y: 140, w: 1600, h: 820 }} onClose={onClose} testId="city-visual">
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 16 }}>
        {charts.map((c) => (
          <div key={c.key}>
            <div style={{ color: '#37c6ff', fontSize: 15, marginBottom: 4 }}>{c.title}</div>
            <ScreenChart option={c.option} height={340} testId={`city-visual-${c.key}`} />
          </div>
        ))}
      </div>
    </ScreenPopup>
  );
};

/** 物联设备类型: doors, cameras, lanes, and the kinds no module brings (梯控, 井盖: 未接入). */
export const IotPopup = ({ d, onClose }: { d: CityCentre | undefined; onClose: () => void }) => (
  <ScreenPopup title="物联设备类型" place={{ x: 560, y: 240, w: 800, h: 520 }} onClose={onClose} testId="city-iot">
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {(d?.iotTypes ?? []).map((i) => (
        <DeviceRow key={i.key} i={i} testId={`city-iot-${i.key}`} />
      ))}
    </div>
  </ScreenPopup>
);
