import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importNoticeSchema, importResultSchema, safeText } from '@5a/contracts';
import { replySchema } from '../http/endpoint.ts';
import { listBodyOf, scalar, tabBody } from './list-body.ts';
import { recordCustomAudit } from './audit.ts';
import type { Db } from '../db/client.ts';
import { AppError, forbidden, invalid } from '../errors.ts';
import { callerOf } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { loadChoices } from './choices.ts';
import { baseOf, can, screenConfig, type Action } from './config.ts';
import { exportResource } from './export.ts';
import { touchTable } from './list-totals.ts';
import { importFields, importRows, MAX_IMPORT_ROWS } from './import.ts';
import { buildTemplate, readXlsx, sheetFromJson } from './import-sheet.ts';
import type { ResourceService } from './service.ts';
import type { ListInput } from './list-where.ts';
import type { ResourceDef } from './types.ts';
import { attachment, isZip, XLSX_TYPE } from './xlsx.ts';

/** the upload cap; @fastify/multipart is registered with the same limit in app.ts */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export type TransferCtx = {
  perm: (a: Action) => { anyOf: string[] };
  tabOf: (req: FastifyRequest) => string | undefined;
};

const format = z.enum(['xlsx', 'csv'], { error: '导出格式只能是 xlsx 或 csv' });
/** the list's search (paging ignored: every matching row is exported), the chosen ids and the file format */
const exportBody = listBodyOf()
  .extend({ format: format.optional().describe('文件格式，默认 xlsx') })
  .nullish();
const transferQuery = z.object({
  tab_type: z.string().max(64).optional(),
  tabkey: z.string().max(64).optional(),
  format: format.optional(),
});
const importRow = z
  .record(safeText('列名', 100), scalar, { error: 'rows 格式错误' })
  .describe('一行：导入模板的列名 → 单元格值');
const importBody = tabBody
  .extend({
    rows: z
      .array(importRow, { error: 'rows 格式错误' })
      .max(MAX_IMPORT_ROWS, `一次最多导入${MAX_IMPORT_ROWS}行`)
      .optional()
      .describe('JSON 导入的行（不上传文件时）'),
  })
  .nullish();

const hasImport = (def: ResourceDef) =>
  (def.toolbar ?? ['import']).some((t) => (typeof t === 'string' ? t : t.type) === 'import');

/** The uploaded xlsx as a buffer: capped, sniffed by its zip header, never trusted by name. */
const readUpload = async (req: FastifyRequest) => {
  const part = await req.file();
  if (!part) throw invalid('请上传 xlsx 格式的文件', 'file');
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid(`文件大小不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}MB`, 'file');
    throw err;
  }
  if (!buf.length) throw invalid('文件中没有数据', 'file');
  if (!isZip(buf)) throw invalid('请上传 xlsx 格式的文件', 'file');
  return buf;
};

/** a zip that is not a workbook (docx, a renamed archive) is refused like any other type */
const readSheet = (buf: Buffer) =>
  readXlsx(buf, MAX_IMPORT_ROWS).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    throw invalid('请上传 xlsx 格式的文件', 'file');
  });

/** export (xlsx/csv stream), import template, import notice and import for one resource. */
export const registerTransfer = (
  app: FastifyInstance,
  db: Db,
  def: ResourceDef,
  svc: ResourceService,
  ctx: TransferCtx,
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = baseOf(def.route);
  const tags = [def.title];
  const { perm, tabOf } = ctx;
  const tabFor = (req: FastifyRequest) => tabOf(req) ?? def.tabs?.[0]?.key;

  api.post(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: `${def.title}：导出（搜索条件 + 可选 ids，format xlsx|csv）`,
        querystring: transferQuery,
        body: exportBody,
      },
      config: { access: perm('export'), writes: false, reads: 'replica' },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const body = req.body ?? {};
      const format = body.format ?? req.query.format ?? 'xlsx';
      // who took which rows out, and whether with the personal data unmasked (the screen's sensitive right)
      const { page: _p, limit: _l, format: _f, ...filters } = body as Record<string, unknown>;
      await recordCustomAudit(svc.registry, db, caller.actor, {
        screen: def.name,
        screenTitle: def.title,
        action: 'export',
        after: { format, filters, unmasked: caller.perms.has(`${def.name}:sensitive`) },
      });
      const file = await exportResource(db, def, svc, caller, body as ListInput, tabFor(req), format);
      return reply
        .header('content-disposition', attachment(file.filename))
        .header('cache-control', 'no-store')
        .type(file.contentType)
        .send(file.stream);
    },
  );

  if (!hasImport(def)) return;
  const needImport = async (req: FastifyRequest) => {
    const caller = callerOf(req);
    if (!can(caller.perms, def, 'import', tabFor(req))) throw forbidden();
    return caller;
  };

  api.post(
    `${base}/importTemplate`,
    {
      schema: { tags, summary: `${def.title}：下载导入模板`, querystring: transferQuery, body: tabBody.nullish() },
      config: { access: perm('import'), writes: false },
    },
    async (req, reply) => {
      const caller = await needImport(req);
      const fields = importFields(def);
      const buf = await buildTemplate(def, fields, await loadChoices(svc.registry, db, caller, fields));
      return reply
        .header('content-disposition', attachment(`${def.title}导入模板.xlsx`))
        .type(XLSX_TYPE)
        .send(buf);
    },
  );

  api.post(
    `${base}/importNotice`,
    {
      schema: {
        tags,
        summary: `${def.title}：导入须知 {NoticeContent, downloadUrl}`,
        querystring: transferQuery,
        body: tabBody.nullish(),
        response: { 200: replySchema(importNoticeSchema) },
      },
      config: { access: perm('import'), writes: false },
    },
    async (req) => {
      const caller = await needImport(req);
      return ok(
        screenConfig(def, caller.perms, tabFor(req)).importNotice ?? {
          NoticeContent: [],
          downloadUrl: `${base}/importTemplate`,
        },
      );
    },
  );

  api.post(
    `${base}/import`,
    {
      schema: {
        tags,
        summary: `${def.title}：导入（multipart file=xlsx，或 {rows}）`,
        querystring: transferQuery,
        body: importBody,
        response: { 200: replySchema(importResultSchema) },
      },
      config: { access: perm('import'), writes: true },
    },
    async (req) => {
      const caller = await needImport(req);
      const rows = req.isMultipart() ? null : req.body?.rows;
      if (!req.isMultipart() && !rows) throw invalid('请上传 xlsx 格式的文件', 'file');
      const sheet = rows ? sheetFromJson(rows) : await readSheet(await readUpload(req));
      const done = await importRows(db, def, svc, caller, sheet);
      touchTable(def.table);
      return ok(done, '导入成功');
    },
  );
};
