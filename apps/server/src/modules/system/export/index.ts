import { COMPANY_EXPORT_PAGE } from '@5a/contracts/endpoints/company-export';
import { definePage } from '../../../core/screens/define.ts';

/** 数据导出: under 系统设置, for the company's super administrator alone (never granted; the server refuses anyone else) */
export const companyExportPage = definePage({
  name: 'CompanyExport',
  path: COMPANY_EXPORT_PAGE,
  title: '数据导出',
  component: 'CompanyExport',
  menu: { app: 'web', group: 'system', order: 9 },
  superOnly: true,
});

export { companyExportRoutes } from './routes.ts';
export { companyExportJob, COMPANY_EXPORT_JOB } from './service.ts';
export { companyExportCleanupJob } from './cleanup.ts';
