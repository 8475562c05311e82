import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { INDEX_PATH } from '../../config.ts';
import type { PageProps } from './pageTypes.ts';

type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * Page registry: menu `component` key → lazily loaded page. Add a page by adding one entry here
 * (the module must export a named component taking PageProps). Unknown keys render 建设中.
 */
export const pageRegistry: Record<string, PageComponent> = {
  Workbench: lazy(() => import('./Workbench.tsx').then((m) => ({ default: m.Workbench }))),
  FrontLog: lazy(() => import('./LogPage.tsx').then((m) => ({ default: m.LogPage }))),
  ListPage: lazy(() => import('./enginePages.ts').then((m) => ({ default: m.ListPage }))),
  DynamicForm: lazy(() => import('./dynamicPages.ts').then((m) => ({ default: m.DynamicFormPage }))),
  PayStatistics: lazy(() =>
    import('../../features/fees/PayStatisticsPage.tsx').then((m) => ({ default: m.PayStatisticsPage })),
  ),
  FinancialStatement: lazy(() =>
    import('../../features/fees/FinancialStatementPage.tsx').then((m) => ({ default: m.FinancialStatementPage })),
  ),
  PlatformInformation: lazy(() =>
    import('../../features/notice/PlatformInformationPage.tsx').then((m) => ({ default: m.PlatformInformationPage })),
  ),
  RenewalService: lazy(() =>
    import('../../features/fees/RenewalServicePage.tsx').then((m) => ({ default: m.RenewalServicePage })),
  ),
  RepairScreen: lazy(() =>
    import('../../features/dashboard/RepairScreenPage.tsx').then((m) => ({ default: m.RepairScreenPage })),
  ),
  CommunityScreen: lazy(() =>
    import('../../features/datascreen/DataScreenPage.tsx').then((m) => ({ default: m.CommunityScreenPage })),
  ),
  PropertyDataScreen: lazy(() =>
    import('../../features/datascreen/DataScreenPage.tsx').then((m) => ({ default: m.PropertyDataScreenPage })),
  ),
  CityScreen: lazy(() => import('../../features/city/CityScreenPage.tsx').then((m) => ({ default: m.CityScreenPage }))),
  EpidemicScreen: lazy(() =>
    import('../../features/epidemic/EpidemicScreenPage.tsx').then((m) => ({ default: m.EpidemicScreenPage })),
  ),
  OperatorHome: lazy(() =>
    import('../../features/operator/OperatorHomePage.tsx').then((m) => ({ default: m.OperatorHomePage })),
  ),
  OperatorScreen: lazy(() =>
    import('../../features/operator/OperatorScreenPage.tsx').then((m) => ({ default: m.OperatorScreenPage })),
  ),
  APicture: lazy(() => import('../../features/apicture/APicturePage.tsx').then((m) => ({ default: m.APicturePage }))),
  ParkingOverview: lazy(() =>
    import('../../features/parking/ParkingOverviewPage.tsx').then((m) => ({ default: m.ParkingOverviewPage })),
  ),
  H5Functions: lazy(() =>
    import('../../features/community/h5FunctionsPage.tsx').then((m) => ({ default: m.H5FunctionsPage })),
  ),
  CompanyExport: lazy(() =>
    import('../../features/system/CompanyExportPage.tsx').then((m) => ({ default: m.CompanyExportPage })),
  ),
  PatrolReport: lazy(() =>
    import('../../features/patrol/ReportPage.tsx').then((m) => ({ default: m.PatrolReportPage })),
  ),
};

const UnderConstructionPage: PageComponent = lazy(() =>
  import('./UnderConstructionPage.tsx').then((m) => ({ default: m.UnderConstructionPage })),
);

/** Resolve a route's component key; the workbench path falls back to the workbench page. */
export const resolvePage = (component: string, path: string): PageComponent => {
  const hit = Object.hasOwn(pageRegistry, component) ? pageRegistry[component] : undefined;
  if (hit) return hit;
  if (path === INDEX_PATH) return pageRegistry.Workbench;
  return UnderConstructionPage;
};
