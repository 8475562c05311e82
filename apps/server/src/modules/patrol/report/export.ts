import { PassThrough } from 'node:stream';
import { xlsxStream, type XlsxCell } from '../../../core/engine/xlsx-write.ts';
import type { PatrolCounts, PatrolReport } from './figures.ts';

const COUNT_LABELS = ['任务数', '已完成', '已漏巡', '完成率(%)'];
const counts = (c: PatrolCounts): XlsxCell[] => [c.total, c.completed, c.missed, c.rate];

/**
 * The report as one sheet, its tables one under the other (汇总, 按人员, 按路线, 按周) with a title row each and a
 * blank row between: the engine's writer makes one sheet, and the few hundred rows of a report read well so.
 */
export const reportRows = (r: Omit<PatrolReport, 'villages'>, villageName: string): XlsxCell[][] => [
  ['巡更统计', `${r.start_date} 至 ${r.end_date}`, villageName],
  [],
  ['汇总'],
  COUNT_LABELS,
  counts(r.summary),
  [],
  ['按巡更人员（共同巡更的任务计入每位巡更人员）'],
  ['巡更人员', ...COUNT_LABELS],
  ...r.byGuard.map((g) => [g.worker_name, ...counts(g)]),
  [],
  ['按巡更路线'],
  ['巡更路线', '所属小区', ...COUNT_LABELS],
  ...r.byRoute.map((x) => [x.route_name, x.village_name, ...counts(x)]),
  [],
  ['按周（周一起）'],
  ['周', ...COUNT_LABELS],
  ...r.byWeek.map((w) => [w.week, ...counts(w)]),
];

/** A stream of the xlsx; errors end it (the download fails rather than hangs). */
export const reportXlsx = (rows: XlsxCell[][]) => {
  const out = new PassThrough();
  const w = xlsxStream(out, { sheetName: '巡更统计', widths: [24, 16, 14, 10, 10, 12], moneyColumns: [] });
  w.rows(rows);
  void w.end().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
};
