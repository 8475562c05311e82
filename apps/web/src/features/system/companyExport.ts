import type { CompanyExportStatus } from '@5a/contracts/endpoints/company-export';

/** a run still going: the page polls its status */
export const isRunning = (s: CompanyExportStatus | null | undefined) => s?.state === 'queued' || s?.state === 'running';

/** bytes as people read them */
export const sizeText = (bytes: number) =>
  bytes >= 1 << 20
    ? `${(bytes / (1 << 20)).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} B`;

/** the line under the progress bar */
export const progressLine = (s: CompanyExportStatus) =>
  s.state === 'queued'
    ? '排队中，即将开始…'
    : s.total > 0
      ? `正在导出：${s.note}（${s.done}/${s.total} 张表）`
      : '正在读取数据表…';

/** the zip's address for the browser to follow: the login's url token rides in the query (a link sends no header) */
export const downloadHref = (base: string, url: string, urlToken: string | null) => {
  const full = `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  return urlToken ? `${full}?token=${encodeURIComponent(urlToken)}` : full;
};
