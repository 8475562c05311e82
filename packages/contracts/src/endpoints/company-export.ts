import { endpoint, type Id, type NoBody } from '../endpoint.ts';

/** where a company's export run is: queued, running (with its current table), completed (downloadable) or failed */
export type CompanyExportState = 'queued' | 'running' | 'completed' | 'failed';

/** One run of 数据导出: every table the company owns as CSV in one zip. */
export type CompanyExportStatus = {
  id: number;
  state: CompanyExportState;
  /** tables written so far, of `total` */
  done: number;
  total: number;
  /** 0–100 */
  percent: number;
  /** the table being written, or why it failed */
  note: string;
  /** the zip's name, `{公司名}-数据导出-YYYYMMDD.zip` */
  file_name: string;
  /** bytes, when completed */
  size: number;
  tables: number;
  rows: number;
  created_at: string;
  finished_at: string;
  /** the download's path (GET with the login's url token as `?token=`), when completed; '' otherwise */
  url: string;
};

/** 数据导出 (a company's super administrator only): start a run, read the latest (or a given) run. */
export const companyExportApi = {
  start: endpoint<NoBody, CompanyExportStatus>('/Web/Setting/DataExport/start'),
  status: endpoint<{ id?: Id }, CompanyExportStatus | null>('/Web/Setting/DataExport/status'),
} as const;

/** the zip of a completed run: GET `${COMPANY_EXPORT_FILE}/<id>?token=<urlToken>` */
export const COMPANY_EXPORT_FILE = '/Web/Setting/DataExport/file';
/** the page's route (its menu's path) */
export const COMPANY_EXPORT_PAGE = '/Web/Setting/DataExport/index';
