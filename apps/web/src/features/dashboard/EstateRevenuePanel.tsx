import { Card, Progress, Table } from 'antd';
import type { VillageRevenue } from '@5a/contracts';
import { money, percentOf } from './logic.ts';
import type { PanelProps } from './types.ts';

/** 小区营收: per village, received against receivable over this year's bills. */
export const EstateRevenuePanel = ({ title, panels }: PanelProps) => (
  <Card title={title} data-testid="workbench-module-estate_revenue">
    <Table<VillageRevenue>
      size="small"
      rowKey="village_id"
      pagination={false}
      dataSource={panels.estate_revenue ?? []}
      columns={[
        { title: '小区', dataIndex: 'name' },
        { title: '应收(元)', dataIndex: 'receivable', align: 'right', render: (v: number) => money(v) },
        { title: '实收(元)', dataIndex: 'received', align: 'right', render: (v: number) => money(v) },
        {
          title: '收缴进度',
          key: 'rate',
          width: 180,
          render: (_, r) => <Progress percent={percentOf(r.received, r.receivable)} size="small" />,
        },
      ]}
    />
  </Card>
);
