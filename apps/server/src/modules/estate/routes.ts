import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idListOf, INT4_MAX, type Envelope, type ScreenConfig } from '@5a/contracts';
import { callerOf } from '../../core/http/access.ts';
import { resourceService } from '../../core/engine/service.ts';
import { scopeWhere } from '../../core/engine/scope.ts';
import type { Row } from '../../core/engine/types.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import { estateApi } from '@5a/contracts/endpoints/estate';
import type { ModuleDeps } from '../types.ts';
import { isMasked, unitNamesOf } from './format.ts';
import { gatePersonResource } from './resource.ts';
import { HOUSE_RECHARGE_PERM, houseResource } from './resource-building.ts';
import { PROTECTION_PERM, SENSITIVE_FIELDS, SENSITIVE_PERM } from './resource-person.ts';
import { gatePersons } from './schema.ts';
import { findBuilding, flushSensitiveViews, scopeOfCaller } from './service.ts';
import { buildingView, houseDetail, villageOfBuilding, villageView } from './views.ts';
import {
  buildingViewReply,
  houseDetailReply,
  reviewFormReply,
  villageLocationReply,
  villageViewReply,
} from './replies.ts';

const id = (what: string) =>
  z.coerce
    .number({ error: `请选择${what}` })
    .int(`${what}格式错误`)
    .positive(`请选择${what}`)
    .max(INT4_MAX, `${what}格式错误`);
const PERSON = '/Web/Basic/GatePerson';
const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Screen-level rules the engine has no declaration for yet: the resident-tag button needs the
 * prevention-control page and the edit right, the review action the edit right; a masked ID card
 * or phone echoed back by an edit form means "unchanged".
 */
const personHooks = (app: FastifyInstance) => {
  // an exact search by a masked field answers "is this the number?": 1,000 guesses would unmask it
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const url = req.routeOptions.url ?? '';
    if (!(url.endsWith(`${PERSON}/list`) || url.endsWith(`${PERSON}/export`)) || req.perms.has(SENSITIVE_PERM)) return;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
    for (const f of gatePersonResource.fields)
      if ((SENSITIVE_FIELDS as readonly string[]).includes(f.prop) && !isBlank(body[f.prop]))
        throw invalid(`无权按${f.label}搜索`, f.prop);
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (!req.routeOptions.url?.endsWith(`${PERSON}/edit`) || !req.body || typeof req.body !== 'object') return;
    const body = req.body as Row;
    const row = (body.row && typeof body.row === 'object' ? body.row : body) as Row;
    for (const f of SENSITIVE_FIELDS) if (isMasked(row[f])) delete row[f];
  });
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    if (!req.routeOptions.url?.endsWith(gatePersonResource.route)) return payload;
    const env = payload as Envelope<ScreenConfig | unknown[]>;
    if (env.code !== 0 || !env.data || Array.isArray(env.data)) return payload;
    const config = env.data;
    return {
      ...env,
      data: {
        ...config,
        // the tag dialog saves through batch edit, so it needs the edit right as well
        toolbar: config.toolbar.filter(
          (b) => b.type !== 'ownerTags' || (req.perms.has(PROTECTION_PERM) && req.perms.has('GatePerson:edit')),
        ),
        rowActions: config.rowActions.filter((a) => a.type !== 'review' || req.perms.has('GatePerson:edit')),
      },
    };
  });
};

/** The house list's 预存充值 calls the fees' top-up, so it is shown only to whoever may top up there. */
const houseHooks = (app: FastifyInstance) => {
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    if (!req.routeOptions.url?.endsWith(houseResource.route) || req.perms.has(HOUSE_RECHARGE_PERM)) return payload;
    const env = payload as Envelope<ScreenConfig | unknown[]>;
    if (env.code !== 0 || !env.data || Array.isArray(env.data)) return payload;
    return { ...env, data: { ...env.data, toolbar: env.data.toolbar.filter((b) => b.type !== 'recharge') } };
  });
};

export const estateRoutes = async (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  app.addHook('onClose', () => flushSensitiveViews(db));
  personHooks(app);
  houseHooks(app);
  const persons = resourceService(db, gatePersonResource, registry);

  const scope = async (req: FastifyRequest) => scopeOfCaller(callerOf(req));

  const buildings = ['楼栋'];
  serve(
    app,
    estateApi.buildingView,
    {
      tags: buildings,
      summary: '楼栋视图 {bid}',
      body: z.object({ bid: id('楼栋') }),
      reply: buildingViewReply,
      access: { perm: 'Building:view' },
      writes: false,
    },
    async ({ bid }, req) => buildingView(db, await scope(req), bid),
  );
  serve(
    app,
    estateApi.buildingUnits,
    {
      tags: buildings,
      summary: '楼栋的单元（房屋表单的单元选项）',
      body: z.object({ building_id: id('楼栋') }),
      reply: z.array(z.object({ label: z.string(), value: z.string() })),
      access: { anyOf: ['House:view', 'Building:view'] },
      writes: false,
    },
    async ({ building_id }, req) => {
      const b = await findBuilding(db, await scope(req), building_id);
      if (!b) throw notFound();
      return unitNamesOf(b.units, b.unitNames).names.map((n) => ({ label: n, value: n }));
    },
  );
  serve(
    app,
    estateApi.houseDetail,
    {
      tags: buildings,
      summary: '楼栋视图：房屋详情 {id}',
      body: z.object({ id: id('房屋') }),
      reply: houseDetailReply,
      access: { perm: 'Building:view' },
      writes: false,
    },
    async (body, req) => houseDetail(db, await scope(req), body.id),
  );
  serve(
    app,
    estateApi.villageOfBuilding,
    {
      tags: buildings,
      summary: '楼栋所在小区的位置 {id: 楼栋}',
      body: z.object({ id: id('楼栋') }),
      reply: villageLocationReply,
      access: { perm: 'Building:view' },
      writes: false,
    },
    async (body, req) => villageOfBuilding(db, await scope(req), body.id),
  );
  serve(
    app,
    estateApi.villageView,
    {
      tags: ['小区'],
      summary: '小区视图 {vid}',
      body: z.object({ vid: id('小区') }),
      reply: villageViewReply,
      access: { perm: 'Village:view' },
      writes: false,
    },
    async ({ vid }, req) => villageView(db, await scope(req), vid),
  );

  // review of a resident: getUrl then editUrl
  const residents = ['住户'];
  serve(
    app,
    estateApi.reviewGet,
    {
      tags: residents,
      summary: '住户审核：读取 {id}',
      body: z.object({ id: id('住户') }),
      reply: reviewFormReply,
      access: { perm: 'GatePerson:view' },
      writes: false,
    },
    async (body, req) => {
      const row = await persons.findOne(callerOf(req), body.id, false);
      if (!row) throw notFound();
      return { id: Number(row.id), name: String(row.name), status: Number(row.status) };
    },
  );
  serve(
    app,
    estateApi.reviewSave,
    {
      tags: residents,
      summary: '住户审核：保存 {id, name, status 1 已通过 / 2 已驳回}',
      body: z
        .object({
          id: id('住户'),
          status: z.coerce
            .number({ error: '请选择审核结果' })
            .refine((v) => v === 1 || v === 2, '审核结果只能是已通过或已驳回')
            .default(1),
        })
        .describe('审核结果；表单的其余字段（只读展示）忽略'),
      reply: z.null(),
      access: { perm: 'GatePerson:edit' },
      writes: true,
    },
    async (body, req) => {
      const done = await db
        .update(gatePersons)
        .set({ status: body.status, updatedAt: new Date() })
        .where(and(eq(gatePersons.id, body.id), scopeWhere(gatePersonResource, callerOf(req), true)))
        .returning({ id: gatePersons.id });
      if (!done.length) throw notFound();
      return withMsg(null, '审核成功');
    },
  );
  // residents who registered themselves arrive in batches (a move-in weekend): approve the checked ones at once
  serve(
    app,
    estateApi.reviewPass,
    {
      tags: residents,
      summary: '批量审核通过 {ids}：所选住户中待审核的改为已通过，其余不变',
      body: z.object({ ids: idListOf('住户') }),
      reply: z.object({ count: z.number().int() }),
      access: { perm: 'GatePerson:edit' },
      writes: true,
    },
    async (body, req) => {
      const done = await db
        .update(gatePersons)
        .set({ status: 1, updatedAt: new Date() })
        .where(
          and(
            inArray(gatePersons.id, body.ids),
            eq(gatePersons.status, 0),
            scopeWhere(gatePersonResource, callerOf(req), true),
          ),
        )
        .returning({ id: gatePersons.id });
      return withMsg({ count: done.length }, done.length ? `已审核通过${done.length}人` : '所选住户没有待审核的');
    },
  );
};
