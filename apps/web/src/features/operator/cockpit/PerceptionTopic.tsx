import type { CockpitIot } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../../api/call.ts';
import { Panel, ScreenChart, ScrollList } from '../../bigscreen/index.ts';
import { sliceBars } from './charts.ts';
import { passerName } from './logic.ts';
import { Figure, Tiles, TOPIC, TopicError } from './parts.tsx';

/** The alarm categories, by the reply's key. */
const ALARMS = [
  { key: 'stranger', label: '陌生人' },
  { key: 'fell', label: '老人跌倒' },
  { key: 'parkingRoad', label: '占道停车' },
  { key: 'garbageExposure', label: '垃圾暴露' },
  { key: 'intrusionWarning', label: '入侵告警' },
  { key: 'highAltitudeParabola', label: '高空抛物' },
] as const satisfies readonly { key: keyof CockpitIot; label: string }[];

const DEVICES = [
  { key: 'control', label: '门禁设备' },
  { key: 'parking', label: '停车设备' },
  { key: 'video', label: '视频设备' },
  { key: 'aiVideo', label: 'AI 摄像机' },
  { key: 'ladder', label: '电梯' },
] as const satisfies readonly { key: keyof CockpitIot; label: string }[];

const PASSAGE = [
  { key: 'village', label: '小区', unit: '个' },
  { key: 'villageControl', label: '小区门禁', unit: '台' },
  { key: 'untControl', label: '单元门禁', unit: '台' },
  { key: 'carIn', label: '今日车辆进场', unit: '辆' },
  { key: 'todayIn', label: '今日进入', unit: '人次' },
  { key: 'todayOut', label: '今日外出', unit: '人次' },
  { key: 'in15', label: '近15天进入', unit: '人次' },
  { key: 'in30', label: '近30天进入', unit: '人次' },
] as const satisfies readonly { key: keyof CockpitIot; label: string; unit: string }[];

/**
 * 感知运营专题: passages and cars, the devices, the alarms of the last 30 days by category (a category no detector
 * brings says 未接入), today's passages and the unprocessed alerts, both scrolling.
 */
export const PerceptionTopic = ({ regionCode }: { regionCode: string }) => {
  const body = regionCode ? { regionCode } : {};
  const q = useQuery({
    queryKey: ['operator', 'cockpit', 'thr', body],
    queryFn: () => call(dashboardApi.cockpitIot, body),
    staleTime: 0,
    retry: false,
  });
  const d = q.data;
  const off = (k: string) => d?.unconnected.includes(k) ?? false;
  const flow = useMemo(
    () =>
      sliceBars('人次', [
        { name: '今日进入', value: d?.todayIn ?? 0 },
        { name: '今日外出', value: d?.todayOut ?? 0 },
        { name: '近15天进入', value: d?.in15 ?? 0 },
        { name: '近30天进入', value: d?.in30 ?? 0 },
      ]),
    [d],
  );
  return (
    <div className="cockpit-topic" style={TOPIC} data-testid="cockpit-topic-2" data-loaded={d ? 'true' : 'false'}>
      <TopicError error={q.error} />
      <Panel title="通行概况" place={{ x: 20, y: 90, w: 450, h: 350 }}>
        <Tiles columns={2}>
          {PASSAGE.map((f) => (
            <Figure key={f.key} label={f.label} value={d?.[f.key] ?? 0} unit={f.unit} testId={`iot-${f.key}`} />
          ))}
        </Tiles>
      </Panel>
      <Panel title="感知设备" place={{ x: 20, y: 450, w: 450, h: 220 }}>
        <Tiles columns={3}>
          {DEVICES.map((f) => (
            <Figure
              key={f.key}
              label={f.label}
              value={d?.[f.key] ?? 0}
              unit="台"
              unconnected={off(f.key)}
              testId={`iot-${f.key}`}
            />
          ))}
        </Tiles>
      </Panel>
      <Panel title="人员通行" place={{ x: 20, y: 680, w: 450, h: 310 }}>
        <ScreenChart option={flow} height={250} testId="iot-chart-flow" />
      </Panel>
      <Panel title="智能告警（近30天）" place={{ x: 490, y: 90, w: 940, h: 250 }} testId="iot-alarms">
        <Tiles columns={3}>
          {ALARMS.map((f) => (
            <Figure
              key={f.key}
              label={f.label}
              value={d?.[f.key] ?? 0}
              unit="次"
              color="#ff5b5b"
              unconnected={off(f.key)}
              testId={`iot-${f.key}`}
            />
          ))}
        </Tiles>
      </Panel>
      <Panel title="今日出入记录" place={{ x: 490, y: 350, w: 940, h: 640 }}>
        <ScrollList
          rows={d?.todayInList ?? []}
          rowKey={(r) => r.id}
          height={580}
          testId="iot-records"
          empty="今日暂无出入记录"
          columns={[
            { title: '姓名', render: (r) => passerName(r.name) },
            { title: '小区', render: (r) => r.village },
            { title: '进/出', width: 80, render: (r) => r.type },
            { title: '时间', width: 190, render: (r) => r.time },
          ]}
        />
      </Panel>
      <Panel title="告警列表" place={{ x: 1450, y: 90, w: 450, h: 900 }}>
        <ScrollList
          rows={d?.warningList ?? []}
          rowKey={(r) => r.id}
          height={840}
          testId="iot-warnings"
          empty="暂无告警"
          columns={[
            { title: '告警', render: (r) => r.title },
            { title: '小区', width: 100, render: (r) => r.village },
            { title: '时间', width: 96, render: (r) => r.time.slice(5, 16) },
            { title: '状态', width: 56, render: () => <span style={{ color: '#ff5b5b' }}>未处理</span> },
          ]}
        />
      </Panel>
    </div>
  );
};
