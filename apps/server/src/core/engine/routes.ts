import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_SCREEN,
  auditHistorySchema,
  idOf,
  idSchema as id,
  idsSchema as ids,
  listReplySchema,
  optionSchema,
  parentIdOf,
  screenConfigSchema,
  tabSchema,
} from '@5a/contracts';
import { dialogButtonsOf, replySchema } from '../http/endpoint.ts';
import type { Db } from '../db/client.ts';
import { callerOf } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { forbidden, invalid } from '../errors.ts';
import { issueMessage } from '../validation.ts';
import { baseOf, can, permCodes, screenConfig, type Action } from './config.ts';
import { withDictOptions } from './dict-options.ts';
import { resourceService } from './service.ts';
import type { ListInput } from './list-where.ts';
import { registerTransfer } from './transfer-routes.ts';
import type { AppRegistry } from './registry.ts';
import { registerVariants } from './variant-routes.ts';
import { optionsPerms } from './options-access.ts';
import { listBodyOf, tabBody } from './list-body.ts';
import type { Caller } from './scope.ts';
import type { ResourceDef, Row } from './types.ts';

/** What each engine endpoint answers in its envelope's data (checked in tests, shown in /docs). */
const row = z.record(z.string(), z.unknown()).describe('一行：字段 prop → 值');
const replies = (data: z.ZodType) => ({ 200: replySchema(data) });
const nothing = replies(z.null());
const counted = replies(z.object({ count: z.number().int() }));
const added = replies(z.object({ id: z.number().int() }));

/** a select that depends on a chosen village asks for that village's rows only */
const optionsQuery = z.object({ village_id: idOf('village_id').optional().describe('所属小区 id') });

const tabQuery = z.object({
  tab_type: z.string().max(64).optional().describe('标签页'),
  tabkey: z.string().max(64).optional().describe('标签页（同 tab_type）'),
});

/** the row as the screen's form sends it; the engine checks every field against the screen's rules */
const editBody = z
  .object({
    id: z
      .union([z.number(), z.string().max(20)], { error: 'id 格式错误' })
      .optional()
      .describe('行 id（也可放在 row 中）'),
    row: z
      .record(z.string(), z.unknown(), { error: 'row 格式错误' })
      .optional()
      .describe('表单值；省略时其余键即表单值'),
  })
  .catchall(z.unknown())
  .describe('编辑：{id, row} 或 {id, ...表单字段}；其余键为该页面表单的字段 prop');

const dataInvalid = (err: Error & { validation?: { instancePath?: string; message?: string }[] }) => {
  const first = err.validation?.[0];
  const path = (first?.instancePath ?? '').split('/').filter(Boolean);
  const { field, msg } = issueMessage({
    path: path[0] === 'data' && path.length > 1 ? path.slice(1) : path,
    message: first?.message ?? '参数错误',
  });
  return invalid(msg, field);
};

const tabOf = (req: FastifyRequest) => {
  const q = req.query as { tab_type?: string; tabkey?: string };
  const b = (req.body ?? {}) as { tab_type?: unknown; tabkey?: unknown };
  const v = q.tab_type ?? q.tabkey ?? b.tab_type ?? b.tabkey;
  return typeof v === 'string' && v ? v : undefined;
};

/**
 * Registers every endpoint a declaration implies: no per-screen code. A route declared once per app is
 * registered once, answering each caller with his app's declaration (variant-routes.ts).
 */
export const registerResource = (app: FastifyInstance, db: Db, registry: AppRegistry, def: ResourceDef): void => {
  const variants = registry.variantsOf(def.route);
  if (variants.length > 1) registerVariants(app, variants, (a, d) => registerOne(a, db, registry, d));
  else registerOne(app, db, registry, def);
};

const registerOne = (app: FastifyInstance, db: Db, registry: AppRegistry, def: ResourceDef) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const svc = resourceService(db, def, registry);
  const base = baseOf(def.route);
  const tags = [def.title];
  const perm = (a: Action) => ({
    anyOf: [...permCodes(def, a), ...(def.tabs ?? []).flatMap((t) => permCodes(def, a, t.key))],
  });
  const needTab = (caller: Caller, a: Action, tab?: string) => {
    if (!can(caller.perms, def, a, tab)) throw forbidden();
  };

  api.post(
    def.route,
    {
      schema: {
        tags,
        summary: `${def.title}：页面配置（?getTab=1 标签页，?tabkey= 某标签页）`,
        querystring: z.object({ getTab: z.string().optional(), tabkey: z.string().optional() }),
        // a client asking only for the tabs may post nothing at all (the parsed body is then null)
        body: tabBody.nullish(),
        response: replies(z.union([screenConfigSchema, z.array(tabSchema)])),
      },
      config: { access: perm('view'), writes: false },
    },
    async (req) => {
      const caller = callerOf(req);
      if (req.query.getTab) return ok((def.tabs ?? []).map((t) => ({ key: t.key, title: t.title })));
      return ok(
        await withDictOptions(
          registry,
          db,
          caller,
          screenConfig(
            def,
            caller.perms,
            req.query.tabkey ?? def.tabs?.[0]?.key,
            registry.extensionsOf(def.table),
            dialogButtonsOf(req.server, def.name, caller.perms),
          ),
        ),
      );
    },
  );

  api.post(
    `${base}/list`,
    {
      schema: {
        tags,
        summary: `${def.title}：列表`,
        querystring: tabQuery,
        body: listBodyOf(def.maxPageSize ?? 500).optional(),
        response: replies(listReplySchema),
      },
      config: { access: perm('view'), writes: false },
    },
    async (req) => ok(await svc.list(callerOf(req), (req.body ?? {}) as ListInput, tabOf(req) ?? def.tabs?.[0]?.key)),
  );

  api.post(
    `${base}/detail`,
    {
      schema: { tags, summary: `${def.title}：详情（?return=result）`, body: z.object({ id }), response: replies(row) },
      config: { access: perm('view'), writes: false },
    },
    async (req) => ok(await svc.detail(callerOf(req), req.body.id)),
  );

  api.post(
    `${base}/history`,
    {
      schema: {
        tags,
        summary: `${def.title}：修改历史（操作日志中这条记录的变更，最新在前）`,
        body: z.object({ id }),
        response: replies(auditHistorySchema),
      },
      config: { access: perm('view'), writes: false },
    },
    async (req) => {
      const caller = callerOf(req);
      // the trail is read by those who may read 操作日志
      if (!caller.perms.has(`${AUDIT_SCREEN}:view`)) throw forbidden();
      // a record the caller cannot open has no history for him either: 数据不存在
      await svc.detail(caller, req.body.id);
      return ok(await registry.platform('auditHistory')(db, def.name, req.body.id, caller.actor.tenantId));
    },
  );

  api.post(
    `${base}/add`,
    {
      schema: {
        tags,
        summary: `${def.title}：新增`,
        body: z.object({ row: z.record(z.string(), z.unknown(), { error: 'row 不能为空' }) }),
        response: added,
      },
      config: { access: perm('add'), writes: true },
    },
    async (req) => ok({ id: await svc.add(callerOf(req), req.body.row) }, '保存成功!'),
  );

  if (def.tree)
    api.post(
      `${base}/childAdd`,
      {
        schema: {
          tags,
          summary: `${def.title}：新增下级`,
          body: z.object({ pid: parentIdOf('pid'), row: z.record(z.string(), z.unknown()) }),
          response: added,
        },
        config: { access: perm('add'), writes: true },
      },
      async (req) => ok({ id: await svc.add(callerOf(req), req.body.row, req.body.pid) }, '保存成功!'),
    );

  api.post(
    `${base}/edit`,
    {
      schema: { tags, summary: `${def.title}：编辑（{row} 含 id）`, body: editBody, response: nothing },
      config: { access: perm('edit'), writes: true },
    },
    async (req) => {
      await svc.edit(callerOf(req), req.body as Row);
      return ok(null, '修改成功!');
    },
  );

  api.post(
    `${base}/del`,
    {
      schema: {
        tags,
        summary: `${def.title}：删除（{id} 或 {ids}）`,
        body: z.object({ id: id.optional(), ids: ids.optional() }),
        response: nothing,
      },
      config: { access: perm('remove'), writes: true },
    },
    async (req) => {
      const list = req.body.ids ?? (req.body.id ? [req.body.id] : []);
      if (!list.length) throw forbidden();
      await svc.del(callerOf(req), list);
      return ok(null, '删除成功!');
    },
  );

  api.post(
    `${base}/batchDel`,
    {
      schema: { tags, summary: `${def.title}：批量删除`, body: z.object({ ids }), response: counted },
      config: { access: perm('remove'), writes: true },
    },
    async (req) => ok({ count: await svc.del(callerOf(req), req.body.ids) }, '删除成功!'),
  );

  api.post(
    `${base}/batch`,
    {
      schema: {
        tags,
        summary: `${def.title}：批量修改 {ids,row}`,
        body: z.object({ ids, row: z.record(z.string(), z.unknown()).optional() }),
        response: counted,
      },
      config: { access: perm('edit'), writes: true },
    },
    async (req) => ok({ count: await svc.batch(callerOf(req), req.body.ids, req.body.row ?? {}) }, '修改成功!'),
  );

  api.post(
    `${base}/cellSave`,
    {
      schema: {
        tags,
        summary: `${def.title}：单元格保存 {key,row,val}`,
        body: z.object({
          key: z.string({ error: 'key 不能为空' }),
          row: z.record(z.string(), z.unknown()),
          val: z.unknown(),
        }),
        response: nothing,
      },
      config: { access: perm('edit'), writes: true },
    },
    async (req) => {
      await svc.cellSave(callerOf(req), req.body as { key: string; row: Row; val: unknown });
      return ok(null, '保存成功!');
    },
  );

  if (def.sort) {
    api.post(
      `${base}/sortList`,
      {
        schema: {
          tags,
          summary: `${def.title}：排序列表`,
          querystring: tabQuery,
          body: tabBody.optional(),
          response: replies(z.array(z.object({ id: z.number().int(), title: z.string() }))),
        },
        config: { access: perm('drag'), writes: false },
      },
      async (req) => {
        const caller = callerOf(req);
        needTab(caller, 'drag', tabOf(req));
        return ok(await svc.sortList(caller));
      },
    );
    api.post(
      `${base}/savesort`,
      {
        schema: {
          tags,
          summary: `${def.title}：保存排序 {ids}`,
          querystring: tabQuery,
          body: z.object({ ids, ...tabBody.shape }),
          response: nothing,
        },
        config: { access: perm('drag'), writes: true },
      },
      async (req) => {
        const caller = callerOf(req);
        needTab(caller, 'drag', tabOf(req));
        await svc.savesort(caller, req.body.ids);
        return ok(null, '保存成功!');
      },
    );
  }

  // names for a select: for this screen and the screens whose forms choose from it; rows stay scoped
  api.post(
    `${base}/options`,
    {
      schema: {
        tags,
        summary: `${def.title}：选项 {label,value}（?village_id= 只取该小区的）`,
        querystring: optionsQuery,
        body: tabBody.optional(),
        response: replies(z.array(optionSchema)),
      },
      config: { access: { anyOf: optionsPerms(def, registry.allResources()) }, writes: false },
    },
    async (req) => ok(await svc.options(callerOf(req), req.query.village_id)),
  );

  if (def.tree)
    api.post(
      `${base}/lazyTree`,
      {
        schema: {
          tags,
          summary: `${def.title}：下级节点 {parentId}`,
          body: z.object({ parentId: parentIdOf('parentId').default(0) }).optional(),
          response: replies(z.array(row.and(z.object({ hasChildren: z.boolean() })))),
        },
        config: { access: perm('view'), writes: false },
      },
      async (req) => ok(await svc.lazyTree(callerOf(req), req.body?.parentId ?? 0)),
    );

  for (const [emit, handler] of Object.entries(def.hooks?.custom ?? {}))
    api.post(
      `${base}/${emit}`,
      {
        schema: {
          tags,
          summary: `${def.title}：${emit}`,
          body: z.object({ data: handler.data }).describe(`${emit}：data 为该操作的参数`),
          response: replies(handler.reply),
        },
        attachValidation: true,
        config: { access: perm(handler.perm), writes: true },
      },
      async (req) => {
        // the button's form knows its fields as `id`, `remark`: name them so, not `data.id`
        if (req.validationError) throw dataInvalid(req.validationError);
        const caller = callerOf(req);
        return ok(
          await handler.run({ db, actor: caller.actor, caller, def, registry }, req.body.data),
          'operation succeeded!',
        );
      },
    );

  registerTransfer(app, db, def, svc, { perm, tabOf });
};
