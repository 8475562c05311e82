import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '../../../api/call.ts';
import { Panel, ScreenChart, Toggle } from '../../bigscreen/index.ts';
import { ringChart, sliceBars } from './charts.ts';
import { incomeWhere, pastYears, wordSize, type YearMode } from './logic.ts';
import { Figure, Tiles, TOPIC, TopicError } from './parts.tsx';

const MODES = [
  { value: 'year', label: '今年' },
  { value: 'past', label: '往年' },
] as const;

const select = {
  height: 26,
  padding: '0 6px',
  background: 'rgba(8,30,66,0.9)',
  color: '#e8f3ff',
  border: '1px solid rgba(64,158,255,0.6)',
  borderRadius: 3,
  fontSize: 13,
} as const;

/**
 * 运营服务专题: what the area earned in a period (this year, one past year or all past years together) by kind,
 * the villages that collected most, the fee items paid most often as a word cloud, the renewals due ahead and the
 * ad slots.
 */
export const ServiceTopic = ({ regionCode }: { regionCode: string }) => {
  const [mode, setMode] = useState<YearMode>('year');
  const [year, setYear] = useState<number | null>(null);
  const thisYear = new Date().getFullYear();
  const body = { ...(regionCode ? { regionCode } : {}), where: incomeWhere(mode, year) };
  const q = useQuery({
    queryKey: ['operator', 'cockpit', 'two', body],
    queryFn: () => call(dashboardApi.cockpitIncome, body),
    staleTime: 0,
    retry: false,
  });
  const d = q.data;
  const charts = useMemo(
    () => ({
      kinds: ringChart('收入构成', d?.yearList),
      rank: sliceBars('收入(元)', d?.villageRank, true),
      sale: sliceBars('应续费(元)', d?.saleType),
      each: sliceBars('收入(元)', d?.yearList),
    }),
    [d],
  );
  const max = Math.max(0, ...(d?.hotPaid ?? []).map((h) => h.value));
  const controls = (
    <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
      <Toggle
        value={mode}
        options={MODES}
        onChange={(m) => {
          setMode(m);
          setYear(null);
        }}
        testId="cockpit-year-mode"
      />
      {mode === 'past' ? (
        <select
          value={year ?? ''}
          onChange={(e) => setYear(e.target.value ? Number(e.target.value) : null)}
          style={select}
          aria-label="年份"
          data-testid="cockpit-year"
        >
          <option value="">全部往年</option>
          {pastYears(thisYear).map((y) => (
            <option key={y} value={y}>
              {y}年
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
  return (
    <div
      className="cockpit-topic"
      style={TOPIC}
      data-testid="cockpit-topic-1"
      data-loaded={d ? 'true' : 'false'}
      data-period={d?.label ?? ''}
    >
      <TopicError error={q.error} />
      <Panel title="服务概况" place={{ x: 20, y: 90, w: 450, h: 200 }}>
        <Tiles columns={2}>
          <Figure label="物业公司" value={d?.tenant ?? 0} unit="家" testId="income-tenant" />
          <Figure label="小区" value={d?.village ?? 0} unit="个" testId="income-village" />
          <Figure label="住户" value={d?.member ?? 0} unit="人" testId="income-member" />
        </Tiles>
      </Panel>
      <Panel title="收入构成" place={{ x: 20, y: 300, w: 450, h: 340 }}>
        <ScreenChart option={charts.kinds} height={280} testId="income-chart-kinds" />
      </Panel>
      <Panel title="小区收入排行" place={{ x: 20, y: 650, w: 450, h: 340 }}>
        <ScreenChart option={charts.rank} height={280} testId="income-chart-rank" />
      </Panel>
      <Panel
        title={`营收总览 · ${d?.label ?? '加载中...'}`}
        extra={controls}
        place={{ x: 490, y: 90, w: 940, h: 300 }}
        testId="income-overview"
      >
        <div style={{ display: 'flex', gap: 16 }}>
          <div style={{ width: 260 }}>
            <Figure label="总收入" value={d?.total ?? 0} unit="元" color="#ffb020" testId="income-total" />
          </div>
          <div style={{ flex: 1 }}>
            <Tiles columns={3}>
              {(d?.yearList ?? []).map((k, i) => (
                <Figure key={k.name} label={k.name} value={k.value} unit="元" testId={`income-kind-${i}`} />
              ))}
            </Tiles>
          </div>
        </div>
      </Panel>
      <Panel title="热门收费项目" place={{ x: 490, y: 400, w: 940, h: 590 }} testId="income-hot">
        {(d?.hotPaid ?? []).length ? (
          <div
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: '6px 22px',
              alignItems: 'center',
              justifyContent: 'center',
              height: '100%',
              overflow: 'hidden',
            }}
          >
            {(d?.hotPaid ?? []).map((h, i) => (
              <span
                key={h.name}
                title={`${h.value}笔`}
                data-testid="income-word"
                data-count={h.value}
                style={{ fontSize: wordSize(h.value, max), color: ['#37c6ff', '#ffb020', '#4be3a5', '#a87bff'][i % 4] }}
              >
                {h.name}
              </span>
            ))}
          </div>
        ) : (
          <div className="bs-empty">暂无数据</div>
        )}
      </Panel>
      <Panel title="广告运营" place={{ x: 1450, y: 90, w: 450, h: 260 }} testId="income-adv">
        <Tiles columns={2}>
          <Figure label="广告收入" value={d?.adv ?? 0} unit="元" testId="income-adv-income" />
          <Figure label="投放物业公司" value={d?.advTenant ?? 0} unit="家" testId="income-advTenant" />
          <Figure label="即将到期" value={d?.advExpireTenant ?? 0} unit="家" testId="income-advExpireTenant" />
          <Figure label="空闲广告位" value={d?.advFree ?? 0} unit="个" testId="income-advFree" />
        </Tiles>
      </Panel>
      <Panel title="续费预估（三年）" place={{ x: 1450, y: 360, w: 450, h: 300 }}>
        <ScreenChart option={charts.sale} height={240} testId="income-chart-sale" />
      </Panel>
      <Panel title="各项收入（元）" place={{ x: 1450, y: 670, w: 450, h: 320 }}>
        <ScreenChart option={charts.each} height={260} testId="income-chart-each" />
      </Panel>
    </div>
  );
};
