import type { CityEvent, IotItem } from '@5a/contracts';
import type { DataScreenWeather } from '@5a/contracts/endpoints/datascreen';
import { describe, expect, it } from 'vitest';
import { agesOption, devicesOption, filterEvents, pm25Text, weatherText } from './logic.ts';

const ev = (id: number, dispatched: boolean): CityEvent => ({
  key: `order-${id}`,
  kind: 'order',
  id,
  title: 't',
  village_name: 'v',
  address: '',
  status: dispatched ? '已派单' : '待派单',
  dispatched,
  create_time: '2026-01-01 00:00:00',
});
const weather = (over: Partial<DataScreenWeather>): DataScreenWeather => ({
  configured: true,
  provider: 'qweather',
  location: '120.16,30.28',
  weather: '晴',
  temperature: '10~20℃',
  temperature_curr: '15℃',
  api: '40',
  aqi: '优',
  pm25: '28',
  updated_at: '',
  msg: '',
  ...over,
});

describe('城市信息中心 logic', () => {
  it('filters the events by 已派 / 未派', () => {
    const list = [ev(1, true), ev(2, false), ev(3, true)];
    expect(filterEvents(list, 'all')).toHaveLength(3);
    expect(filterEvents(list, 'sent').map((e) => e.id)).toEqual([1, 3]);
    expect(filterEvents(list, 'unsent').map((e) => e.id)).toEqual([2]);
  });

  it('says 未接入 for a pm2.5 the provider does not give, and why there is no weather', () => {
    expect(pm25Text(weather({}))).toBe('28 μg/m³');
    expect(pm25Text(weather({ pm25: '' }))).toBe('未接入');
    expect(pm25Text(undefined)).toBe('未接入');
    expect(weatherText(weather({}))).toBe('晴 15℃ 10~20℃ 空气优 40');
    expect(weatherText(weather({ weather: '', msg: '未配置天气服务' }))).toBe('未配置天气服务');
    expect(weatherText(weather({ provider: 'sandbox' }))).toContain('（演示数据）');
  });

  it('charts the age groups and the devices, 未接入 named on its axis', () => {
    const ages = agesOption([
      { key: 'a0', label: '0~6', num: 2 },
      { key: 'unknown', label: '未知', num: 1 },
    ]);
    expect((ages.xAxis as { data: string[] }).data).toEqual(['0~6', '未知']);
    const item = (title: string, connected: boolean): IotItem => ({
      key: title,
      title,
      online: connected ? 3 : 0,
      offline: connected ? 1 : 0,
      onLabel: '在线',
      offLabel: '离线',
      connected,
    });
    const d = devicesOption([item('门禁', true), item('烟感', false)]);
    expect((d.xAxis as { data: string[] }).data).toEqual(['门禁', '烟感\n未接入']);
    expect((d.series as { data: number[] }[]).map((s) => s.data)).toEqual([
      [3, 0],
      [1, 0],
    ]);
  });
});
