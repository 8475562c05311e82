import type { EpidemicContrast, EpidemicPeriod, EpidemicScreen } from '@5a/contracts/endpoints/epidemic';
import { epidemicApi } from '@5a/contracts/endpoints/epidemic';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '../../api/call.ts';
import {
  Panel,
  RingCounter,
  ScreenChart,
  ScrollList,
  Stat,
  Toggle,
  type Place,
  type ScreenChartOption,
} from '../bigscreen/index.ts';
import { comparisonOption, RISK_COLOR, RISK_TEXT, trendOption, villageBarOption } from './logic.ts';

const PERIODS = [
  { value: 'year', label: '年' },
  { value: 'month', label: '月' },
] as const;

/** A chart's period: the year's figures come with the screen, the month's are asked when chosen. */
const useContrast = (vid: number, period: EpidemicPeriod, year: EpidemicContrast | undefined) => {
  const q = useQuery({
    queryKey: ['epidemic', 'contrast', vid, period],
    queryFn: () => call(epidemicApi.contrast, { vid, type: period }),
    enabled: period !== 'year',
    staleTime: 30_000,
  });
  return period === 'year' ? year : q.data;
};

type ChartKind = 'trend' | 'bar' | 'comparison';
const CHARTS: Record<ChartKind, { title: string; option: (c: EpidemicContrast | undefined) => ScreenChartOption }> = {
  trend: { title: '隔离趋势', option: trendOption },
  bar: { title: '各小区隔离统计', option: villageBarOption },
  comparison: { title: '正常与异常通行对比', option: comparisonOption },
};

/** A period chart with its own year / month switch. */
export const PeriodChart = ({
  kind,
  vid,
  year,
  place,
}: {
  kind: ChartKind;
  vid: number;
  year?: EpidemicContrast;
  place: Place;
}) => {
  const [period, setPeriod] = useState<EpidemicPeriod>('year');
  const c = useContrast(vid, period, year);
  const option = useMemo(() => CHARTS[kind].option(c), [kind, c]);
  return (
    <Panel
      title={CHARTS[kind].title}
      place={place}
      extra={<Toggle value={period} options={PERIODS} onChange={setPeriod} testId={`epidemic-${kind}-period`} />}
      testId={`epidemic-${kind}`}
    >
      <ScreenChart option={option} height={place.h - 60} testId={`epidemic-${kind}-chart`} />
    </Panel>
  );
};

type D = EpidemicScreen | undefined;

export const ControlRings = ({ d, place }: { d: D; place: Place }) => {
  const c = d?.control;
  const total = c ? c.untreated + c.controlled + c.released : 0;
  return (
    <Panel title="防控人员" place={place} testId="epidemic-control">
      <div style={{ display: 'flex', justifyContent: 'space-around' }}>
        <RingCounter label="未处理" value={c?.untreated ?? 0} total={total} color="#ffb020" testId="ring-untreated" />
        <RingCounter label="管控中" value={c?.controlled ?? 0} total={total} color="#ff5b5b" testId="ring-controlled" />
        <RingCounter label="已解除" value={c?.released ?? 0} total={total} color="#4be3a5" testId="ring-released" />
      </div>
    </Panel>
  );
};

export const IsolationRings = ({ d, place }: { d: D; place: Place }) => {
  const s = d?.isolation;
  const total = s ? s.gelitotal + s.jichutotal : 0;
  return (
    <Panel title="隔离统计" place={place} testId="epidemic-isolation">
      <div style={{ display: 'flex', justifyContent: 'space-around' }}>
        <RingCounter
          label="隔离"
          value={s?.gelitotal ?? 0}
          total={total}
          color="#37c6ff"
          size={92}
          testId="ring-geli"
        />
        <RingCounter
          label="确诊"
          value={s?.quezhengtotal ?? 0}
          total={total}
          color="#ff5b5b"
          size={92}
          testId="ring-quezheng"
        />
        <RingCounter
          label="即将到期"
          value={s?.jiangdaoqitotal ?? 0}
          total={total}
          color="#ffb020"
          size={92}
          testId="ring-jiangdaoqi"
        />
        <RingCounter
          label="解除"
          value={s?.jichutotal ?? 0}
          total={total}
          color="#4be3a5"
          size={92}
          testId="ring-jichu"
        />
      </div>
    </Panel>
  );
};

const grid2 = { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 10 } as const;

export const OverviewPanel = ({ d, place }: { d: D; place: Place }) => (
  <Panel title="数据概况" place={place} testId="epidemic-overview">
    <div style={grid2}>
      <Stat label="小区" value={d?.overview.villages ?? 0} unit="个" testId="overview-villages" />
      <Stat label="楼栋" value={d?.overview.buildings ?? 0} unit="栋" testId="overview-buildings" />
      <Stat label="房屋" value={d?.overview.houses ?? 0} unit="套" testId="overview-houses" />
      <Stat label="管理人员" value={d?.overview.staff ?? 0} unit="人" testId="overview-staff" />
    </div>
  </Panel>
);

export const SensingPanel = ({ d, place }: { d: D; place: Place }) => (
  <Panel title="今日感知" place={place} testId="epidemic-sensing">
    <div style={grid2}>
      <Stat label="通行人次" value={d?.sensing.passers ?? 0} testId="sensing-passers" />
      <Stat label="健康匹配" value={d?.sensing.healthy ?? 0} color="#4be3a5" testId="sensing-healthy" />
      <Stat label="异常" value={d?.sensing.abnormal ?? 0} color="#ff5b5b" testId="sensing-abnormal" />
      <Stat label="正常" value={d?.sensing.normal ?? 0} color="#37c6ff" testId="sensing-normal" />
    </div>
  </Panel>
);

export const AlertPanel = ({ d, place }: { d: D; place: Place }) => (
  <Panel
    title="实时告警"
    place={place}
    extra={
      <span style={{ color: '#ff5b5b' }} data-testid="epidemic-alert-total">
        共 {d?.alerts.total ?? 0} 条
      </span>
    }
    testId="epidemic-alerts"
  >
    <ScrollList
      rows={d?.alerts.list ?? []}
      rowKey={(r) => r.id}
      height={place.h - 60}
      empty="暂无告警"
      testId="epidemic-alert-list"
      columns={[
        { title: '小区', width: 80, render: (r) => r.village_name },
        { title: '姓名', width: 60, render: (r) => r.name },
        { title: '位置', width: 96, render: (r) => <span title={r.location}>{r.location}</span> },
        { title: '异常原因', render: (r) => <span title={r.reason}>{r.reason}</span> },
        { title: '时间', width: 84, render: (r) => r.create_time.slice(5, 16) },
      ]}
    />
  </Panel>
);

export const RiskPanel = ({ d, place, onPick }: { d: D; place: Place; onPick: (id: number) => void }) => (
  <Panel title="中高风险小区" place={place} testId="epidemic-risk">
    <ScrollList
      rows={d?.riskVillages ?? []}
      rowKey={(r) => r.id}
      height={place.h - 60}
      empty="暂无中高风险小区"
      testId="epidemic-risk-list"
      columns={[
        {
          title: '小区',
          render: (r) => (
            <a style={{ color: 'inherit', cursor: 'pointer' }} onClick={() => onPick(r.id)}>
              {r.name}
            </a>
          ),
        },
        { title: '等级', width: 70, render: (r) => <b style={{ color: RISK_COLOR[r.risk] }}>{RISK_TEXT[r.risk]}</b> },
        { title: '红码', width: 50, render: (r) => r.red },
        { title: '黄码', width: 50, render: (r) => r.yellow },
      ]}
    />
  </Panel>
);
