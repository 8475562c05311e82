import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code, idOf, INT4_MAX } from '@5a/contracts';
import {
  COMPANY_EXPORT_FILE,
  companyExportApi,
  type CompanyExportStatus,
} from '@5a/contracts/endpoints/company-export';
import { actorOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { attachment } from '../../../core/engine/xlsx.ts';
import { resolveToken } from '../../auth/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { exportStorage } from './files.ts';
import { downloadable, exporterOf, exportRow, RUNNING_MSG, startExport, statusOf } from './service.ts';

const statusSchema = z.object({
  id: z.number().int(),
  state: z.enum(['queued', 'running', 'completed', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  percent: z.number().int().describe('0–100'),
  note: z.string().describe('当前数据表，或失败原因'),
  file_name: z.string(),
  size: z.number().int().describe('字节'),
  tables: z.number().int(),
  rows: z.number().int(),
  created_at: z.string(),
  finished_at: z.string(),
  url: z.string().describe('完成后的下载地址（GET，?token= 为登录返回的 urlToken）'),
}) satisfies z.ZodType<CompanyExportStatus, CompanyExportStatus>;

/** the page's right, and on top of it the company's super administrator (exporterOf) */
const access = { perm: 'CompanyExport:view' } as const;
const tags = ['数据导出'];

/**
 * 数据导出: start a run (the job runner writes the zip), read its progress, download the zip. Starting is allowed
 * to a read-only company too: taking one's data away is what a lapsed company must still be able to do.
 */
export const companyExportRoutes = (app: FastifyInstance, { db, config, jobs }: ModuleDeps) => {
  serve(
    app,
    companyExportApi.start,
    {
      tags,
      summary: '开始导出全部数据（超级管理员）',
      body: z.object({}).optional(),
      reply: statusSchema,
      access,
      writes: 'exempt',
    },
    async (_body, req) => {
      // a second start while the company's run goes on is answered with that run, and says so
      const { status, running } = await startExport(db, jobs, actorOf(req));
      return running ? withMsg(status, RUNNING_MSG) : withMsg(status, '已开始导出');
    },
  );

  serve(
    app,
    companyExportApi.status,
    {
      tags,
      summary: '导出进度（不传 id 为最近一次）',
      body: z.object({ id: idOf('id').optional() }).optional(),
      reply: statusSchema.nullable(),
      access,
      writes: false,
    },
    async (body, req) => {
      const who = exporterOf(actorOf(req));
      const row = await exportRow(db, who.tenantId, body?.id);
      return row ? statusOf(jobs, row) : null;
    },
  );

  const storage = exportStorage(config.dataDir);
  // a link the browser follows (it saves the zip as it comes): the login's url token in the query, as file links
  app.withTypeProvider<ZodTypeProvider>().get(
    `${COMPANY_EXPORT_FILE}/:id`,
    {
      schema: {
        tags,
        summary: '下载导出的数据（zip；?token= 为登录返回的 urlToken）',
        params: z.object({ id: z.string().max(12) }),
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const actor =
        (await resolveToken(db, req.query.token ?? '', 'url')) ??
        (await resolveToken(db, (req.headers.authorization ?? '').replace(/^Bearer /, ''), 'api'));
      if (!actor) return reply.status(401).send({ code: 401, msg: '未授权，请登录', data: null });
      // anyone but the company's super administrator is told there is no such file, as with another owner's upload
      const exporter = actor.kind === 'web' && actor.isSuper && actor.tenantId !== null ? actor.tenantId : null;
      const id = /^\d{1,10}$/.test(req.params.id) ? Number(req.params.id) : NaN;
      const row = exporter !== null && id >= 1 && id <= INT4_MAX ? await exportRow(db, exporter, id) : null;
      const stream = await downloadable(db, storage, row);
      if (!row || !stream)
        return reply.status(404).send({ code: Code.notFound, msg: '导出文件不存在或已过期，请重新导出', data: null });
      reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachment(row.fileName))
        .header('Content-Length', String(row.size))
        .header('Cache-Control', 'private, no-store');
      return reply.send(stream);
    },
  );
};
