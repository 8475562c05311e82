import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import type { Caller } from '../../../core/auth/actor.ts';
import { attachment, XLSX_TYPE } from '../../../core/engine/xlsx.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { reportBody, reportRange, type ReportBody } from './body.ts';
import { reportRows, reportXlsx } from './export.ts';
import { patrolReport, reportVillages, type PatrolReport, type PatrolScope } from './figures.ts';
import { reportReply } from '../replies.ts';

/** 巡更统计: the page (declared in seed/pages.ts, component PatrolReport) reads these two endpoints. */
export const REPORT_BASE = '/Web/Patrol/Report';

const scopeOf = (caller: Caller, body: ReportBody): PatrolScope => ({
  tenantId: caller.actor.tenantId ?? -1,
  villageIds: caller.villageIds,
  villageId: body?.village_id || undefined,
});

/** The report within the caller's company and data scope; a village outside it reports nothing. */
const reportFor = async (db: ModuleDeps['db'], caller: Caller, body: ReportBody): Promise<PatrolReport> => {
  const range = reportRange(body);
  const scope = scopeOf(caller, body);
  const [figures, villages] = await Promise.all([patrolReport(db, scope, range), reportVillages(db, scope)]);
  return { ...figures, villages };
};

export const registerReportRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  const tags = ['巡更统计'];
  serve(
    app,
    patrolApi.report,
    {
      tags,
      summary: '巡更完成统计 {village_id?, start_date?, end_date?}：汇总、按人员、按路线、按周',
      body: reportBody,
      reply: reportReply,
      access: { perm: 'PatrolReport:view' },
      writes: false,
      reads: 'replica',
    },
    async (body, req) => reportFor(db, callerOf(req), body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    `${REPORT_BASE}/export`,
    {
      schema: { tags, summary: '导出巡更统计（xlsx）{village_id?, start_date?, end_date?}', body: reportBody },
      config: { access: { perm: 'PatrolReport:export' }, writes: false, reads: 'replica' },
    },
    async (req, reply) => {
      const r = await reportFor(db, callerOf(req), req.body);
      const village = r.villages.find((v) => v.id === req.body?.village_id)?.name ?? '全部小区';
      return reply
        .header('content-disposition', attachment(`巡更统计_${r.start_date}_${r.end_date}.xlsx`))
        .header('cache-control', 'no-store')
        .type(XLSX_TYPE)
        .send(reportXlsx(reportRows(r, village)));
    },
  );
};

export { patrolFigures } from './figures.ts';
