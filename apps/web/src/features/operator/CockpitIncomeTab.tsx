import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { PanelSlice } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { call } from '../../api/call.ts';
import { formatMoney } from '../../engine/logic/format.ts';
import { moneyAxis, moneyTooltip } from '../fees/charts.ts';
import type { EChartOption } from '../fees/EChart.tsx';
import { moneyPie } from '../dashboard/charts.ts';
import { Charts, Figures } from './cockpitParts.tsx';
import { cloudSize } from './logic.ts';

const bars = (title: string, slices: readonly PanelSlice[] | undefined): EChartOption => ({
  title: { text: title, left: 'center', top: 4, textStyle: { fontSize: 14 } },
  tooltip: moneyTooltip,
  grid: { left: 8, right: 16, top: 40, bottom: 48, containLabel: true },
  xAxis: { type: 'category', data: (slices ?? []).map((s) => s.name) },
  yAxis: moneyAxis,
  series: [{ type: 'bar', data: (slices ?? []).map((s) => s.value), barMaxWidth: 32, itemStyle: { color: '#3aa1ff' } }],
});

/** 营收分析: a year's renewals and collections by kind, the villages that collected most, renewals due ahead. */
export const CockpitIncomeTab = ({ regionCode }: { regionCode: string }) => {
  const [year, setYear] = useState<Dayjs | null>(null);
  const body = { ...(regionCode ? { regionCode } : {}), ...(year ? { where: { year: year.year() } } : {}) };
  const q = useQuery({
    queryKey: ['operator', 'cockpit', 'two', body],
    queryFn: () => call(dashboardApi.cockpitIncome, body),
    staleTime: 30_000,
    retry: false,
  });
  const d = q.data;
  const charts = useMemo(
    () => [
      { key: 'kinds', option: moneyPie('收入构成', d?.yearList), empty: !d?.yearList.some((s) => s.value) },
      { key: 'rank', option: bars('小区收入排行', d?.villageRank), empty: !d?.villageRank.length },
      { key: 'sale', option: bars('续费预估（三年）', d?.saleType), empty: !d?.saleType.some((s) => s.value) },
    ],
    [d],
  );
  const max = Math.max(0, ...(d?.hotPaid ?? []).map((h) => h.value));
  return (
    <Spin spinning={q.isFetching}>
      <div data-testid="cockpit-income">
        <Card size="small" style={{ marginBottom: 16 }}>
          <Space>
            年份
            <DatePicker picker="year" value={year ?? dayjs(`${d?.year ?? dayjs().year()}-01-01`)} onChange={setYear} />
          </Space>
        </Card>
        <Figures
          prefix="income"
          items={[
            { key: 'tenant', title: '物业公司', value: d?.tenant ?? 0, suffix: '家' },
            { key: 'village', title: '小区', value: d?.village ?? 0, suffix: '个' },
            { key: 'member', title: '住户', value: d?.member ?? 0, suffix: '人' },
            { key: 'total', title: '总收入', value: formatMoney(d?.total ?? 0) },
            { key: 'renewal', title: '续费收入', value: formatMoney(d?.renewal ?? 0) },
            { key: 'property', title: '物业费', value: formatMoney(d?.property ?? 0) },
            { key: 'parking', title: '停车费', value: formatMoney(d?.parking ?? 0) },
            { key: 'paid', title: '维修服务', value: formatMoney(d?.paid ?? 0) },
            { key: 'adv', title: '广告收入', value: formatMoney(d?.adv ?? 0) },
            { key: 'advTenant', title: '广告物业公司', value: d?.advTenant ?? 0, suffix: '家' },
          ]}
        />
        <Charts prefix="income-chart" charts={charts.map((c) => ({ ...c, span: 8 }))} />
        <Card title="热门收费项目" data-testid="income-hot">
          {(d?.hotPaid ?? []).length ? (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'baseline' }}>
              {(d?.hotPaid ?? []).map((h) => (
                <span
                  key={h.name}
                  style={{ fontSize: cloudSize(h.value, max), color: '#1677ff' }}
                  title={`${h.value}笔`}
                >
                  {h.name}
                </span>
              ))}
            </div>
          ) : (
            '暂无数据'
          )}
        </Card>
      </div>
    </Spin>
  );
};
