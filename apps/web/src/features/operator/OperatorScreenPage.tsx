import { Card, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { RegionPicker } from './RegionPicker.tsx';

const Overview = lazy(() => import('./CockpitOverviewTab.tsx').then((m) => ({ default: m.CockpitOverviewTab })));
const Income = lazy(() => import('./CockpitIncomeTab.tsx').then((m) => ({ default: m.CockpitIncomeTab })));
const Iot = lazy(() => import('./CockpitIotTab.tsx').then((m) => ({ default: m.CockpitIotTab })));

/** 运营驾驶舱: a region and three tabs, each loaded (code and data) when first opened. */
export const OperatorScreenPage = (_props: PageProps) => {
  const [tab, setTab] = useState('0');
  const [regionCode, setRegionCode] = useState('');
  return (
    <div data-testid="operator-cockpit">
      <Card size="small" style={{ marginBottom: 8 }}>
        <RegionPicker onChange={setRegionCode} />
      </Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: '0',
            label: '运营概况',
            children: <Suspense>{tab === '0' ? <Overview regionCode={regionCode} /> : null}</Suspense>,
          },
          {
            key: '1',
            label: '营收分析',
            children: <Suspense>{tab === '1' ? <Income regionCode={regionCode} /> : null}</Suspense>,
          },
          {
            key: '2',
            label: '物联监控',
            children: <Suspense>{tab === '2' ? <Iot regionCode={regionCode} /> : null}</Suspense>,
          },
        ]}
      />
    </div>
  );
};
