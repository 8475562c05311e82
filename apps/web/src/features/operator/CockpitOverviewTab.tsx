import { useQuery } from '@tanstack/react-query';
import { Card, Spin, Table } from 'antd';
import { useMemo } from 'react';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { call } from '../../api/call.ts';
import { countPie, moneyPie, monthBars, monthLines } from '../dashboard/charts.ts';
import { isEmptySeries } from '../dashboard/logic.ts';
import { Charts, Figures } from './cockpitParts.tsx';
import { seriesOf } from './logic.ts';

/** 运营概况: the area's figures, residents and renewals by month, company states and renewals ahead. */
export const CockpitOverviewTab = ({ regionCode }: { regionCode: string }) => {
  const body = regionCode ? { regionCode } : {};
  const q = useQuery({
    queryKey: ['operator', 'cockpit', 'index', body],
    queryFn: () => call(dashboardApi.cockpitOverview, body),
    staleTime: 30_000,
    retry: false,
  });
  const d = q.data;
  const charts = useMemo(() => {
    const persons = seriesOf(d?.months, { 男: d?.ownerGatePersonEchartOne, 女: d?.ownerGatePersonEchartTwo });
    const orders = seriesOf(d?.months, { 续费订单: d?.renewalCooperationOne, 新增物业公司: d?.renewalCooperationThr });
    const amount = seriesOf(d?.months, { '续费金额(元)': d?.renewalCooperationTwo });
    const ahead = seriesOf(d?.anticipationMonths, { '应续费(元)': d?.anticipationOne });
    const aheadCount = seriesOf(d?.anticipationMonths, { 到期服务: d?.anticipationTwo });
    return [
      { key: 'persons', option: monthBars('新增住户（男/女）', persons, '人', true), empty: isEmptySeries(persons) },
      { key: 'orders', option: monthLines('续费与合作', orders, '个'), empty: isEmptySeries(orders) },
      { key: 'amount', option: monthBars('续费金额', amount, '元'), empty: isEmptySeries(amount) },
      {
        key: 'states',
        option: countPie('物业公司服务状态', d?.renewalCooperationAnalysisOne),
        empty: !d?.renewalCooperationAnalysisOne.some((s) => s.value),
      },
      {
        key: 'services',
        option: moneyPie('续费服务构成', d?.renewalCooperationAnalysisTwo),
        empty: !d?.renewalCooperationAnalysisTwo.length,
      },
      { key: 'ahead', option: monthBars('未来12个月应续费', ahead, '元'), empty: isEmptySeries(ahead) },
      {
        key: 'aheadCount',
        option: monthBars('未来12个月到期服务', aheadCount, '项'),
        empty: isEmptySeries(aheadCount),
      },
    ];
  }, [d]);
  return (
    <Spin spinning={q.isFetching}>
      <div data-testid="cockpit-overview">
        <Card size="small" style={{ marginBottom: 16 }} data-testid="cockpit-region">
          地区：{d?.regionName ?? ''}
        </Card>
        <Figures
          prefix="cockpit"
          items={[
            { key: 'operators', title: '运营商', value: d?.operatorUser ?? 0, suffix: '家' },
            { key: 'tenants', title: '物业公司', value: d?.sysTenantUser ?? 0, suffix: '家' },
            { key: 'villages', title: '小区', value: d?.villageCount ?? 0, suffix: '个' },
            { key: 'buildings', title: '楼栋', value: d?.buildCount ?? 0, suffix: '栋' },
            { key: 'houses', title: '房屋', value: d?.ownerHouse ?? 0, suffix: '套' },
            { key: 'persons', title: '住户', value: d?.ownerGatePerson ?? 0, suffix: '人' },
            { key: 'staff', title: '物业账号', value: d?.tenantUser ?? 0, suffix: '个' },
            { key: 'oneRate', title: '入住率', value: d?.oneRate ?? 0, suffix: '%' },
            { key: 'twoRate', title: '续约率', value: d?.twoRate ?? 100, suffix: '%' },
            { key: 'expireOperators', title: '到期运营商', value: d?.expireOperatorUser ?? 0, suffix: '家' },
            { key: 'expireTenants', title: '到期物业公司', value: d?.expireTenant ?? 0, suffix: '家' },
            { key: 'expireVillages', title: '到期小区', value: d?.expireVillage ?? 0, suffix: '个' },
          ]}
        />
        <Charts prefix="cockpit-chart" charts={charts} />
        <Card title="小区分布">
          <Table
            rowKey="id"
            size="small"
            dataSource={d?.villageList ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { title: '小区', dataIndex: 'name' },
              { title: '经纬度', dataIndex: 'lonlat' },
            ]}
          />
        </Card>
      </div>
    </Spin>
  );
};
