import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOf, type Envelope, type ScreenConfig } from '@5a/contracts';
import { callerOf } from '../../core/engine/routes.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ServerConfig } from '../../core/config.ts';
import type { ModuleDeps } from '../types.ts';
import { billDisplay, billSign } from './actions.ts';
import { balanceReminder, getPackage, ledger, recharge, savePackage } from './balance.ts';
import { charge } from './collect.ts';
import { generate } from './generate.ts';
import { buttonPerms, paidOrderResource, proFeeResource, renewalListResource, unpaidResource } from './resource-bills.ts';
import { balanceResource } from './resource-balance.ts';
import { orderState } from './settle.ts';
import { financial, revenue } from './stats.ts';

const R = '/Web/Renewal';
const anyBody = z.record(z.string(), z.unknown()).optional();
const orderIdBody = z.object({ orderId: idOf('orderId') });
/** custom-action protocol: {data: {...}}; a flat body is accepted too */
export const dataOf = (body: unknown): Record<string, unknown> => {
  const b = (body ?? {}) as Record<string, unknown>;
  return b.data && typeof b.data === 'object' && !Array.isArray(b.data) ? (b.data as Record<string, unknown>) : b;
};
/**
 * Absolute base for the provider's notify URL: PUBLIC_BASE_URL only, never the request's Host (a
 * caller could name any host). '' where production has none: creating an order is then refused.
 */
export const baseUrlOf = (config: ServerConfig) => config.publicBaseUrl ?? '';

/**
 * The engine shows object toolbar buttons to every viewer; a domain button the caller may not use
 * is removed here (engine need: a `perm` on ToolbarButton / RowAction declarations).
 */
const filterButtons = (app: FastifyInstance) => {
  const byRoute = new Map([renewalListResource, proFeeResource, unpaidResource, paidOrderResource, balanceResource].map((d) => [d.route, buttonPerms[d.name] ?? {}]));
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    const perms = byRoute.get(req.routeOptions.url?.replace(/^\/xapi/, '') ?? '');
    if (!perms) return payload;
    const env = payload as Envelope<ScreenConfig | unknown[]>;
    if (env.code !== 0 || !env.data || Array.isArray(env.data)) return payload;
    const allowed = (type: string) => !perms[type] || req.perms.has(perms[type]);
    return { ...env, data: { ...env.data, toolbar: env.data.toolbar.filter((b) => allowed(b.type)), rowActions: env.data.rowActions.filter((a) => allowed(a.type)) } };
  });
};

export const feeRoutes = async (app: FastifyInstance, { db, config }: ModuleDeps) => {
  filterButtons(app);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const caller = (req: FastifyRequest) => callerOf(db, req);
  const post = (path: string, summary: string, perms: string[], run: (req: FastifyRequest) => Promise<unknown>, msg = 'success') =>
    api.post(path, { schema: { tags: ['收费管理'], summary, body: anyBody }, config: { access: { anyOf: perms } } }, async (req) => {
      const data = await run(req);
      const m = data && typeof data === 'object' && 'msg' in data && typeof data.msg === 'string' ? data.msg : msg;
      return ok(data, m);
    });
  const chargePerms = ['RenewalList:charge', 'ProFee:charge', 'Unpaid:charge'];
  const billViews = ['RenewalList:view', 'ProFee:view', 'Unpaid:view', 'PaidOrder:view'];

  post(`${R}/RenewalList/generate`, '生成账单 {data: {house_ids?|search?, fee_item_ids, period_start YYYY-MM, months?}}', ['RenewalList:generate'], async (req) =>
    generate(db, await caller(req), dataOf(req.body)),
  );
  post(`${R}/RenewalList/charge`, '收款 {ids, type 0 线上 | 1 线下, payway, orderNum, discount}', chargePerms, async (req) =>
    charge(db, await caller(req), dataOf(req.body), baseUrlOf(config)),
  );
  post(`${R}/RenewalList/orderState`, '线上收款：订单状态 {orderId}', chargePerms, async (req) =>
    orderState(db, await caller(req), orderIdBody.parse(dataOf(req.body)).orderId),
  );
  post(`${R}/RenewalList/billDisplay`, '账单打印 {ids}', billViews, async (req) => billDisplay(db, await caller(req), dataOf(req.body)));
  post(`${R}/PaidOrder/billSign`, '签收 {bill_ids, status, invoice_no}', ['PaidOrder:sign'], async (req) => billSign(db, await caller(req), dataOf(req.body)), '签收成功');

  post(`${R}/Balance/getPackage`, '充值套餐：读取', ['Balance:view'], async (req) => getPackage(db, await caller(req)));
  post(`${R}/Balance/savePackage`, '充值套餐：保存 {pgs, bl}', ['Balance:package'], async (req) => savePackage(db, await caller(req), dataOf(req.body)), '保存成功!');
  post(`${R}/Balance/recharge`, '余额充值 {id, bj, yh}', ['Balance:recharge'], async (req) => recharge(db, await caller(req), dataOf(req.body)), '充值成功!');
  post(`${R}/Balance/ledger`, '余额明细 {house_id, current, size}', ['Balance:view'], async (req) => ledger(db, await caller(req), dataOf(req.body)));
  api.post(
    `${R}/Balance/balanceReminder`,
    { schema: { tags: ['收费管理'], summary: '余额提醒：{} 读取；{msg_reminder, list_reminder} 保存', body: anyBody }, config: { access: { anyOf: ['Balance:view'] } } },
    async (req) => {
      const r = await balanceReminder(db, await caller(req), dataOf(req.body));
      return ok(r.data, r.saved ? '保存成功!' : 'success');
    },
  );

  api.post(
    `${R}/PayStatistics/revenue`,
    { schema: { tags: ['收费管理'], summary: '收入统计 {} | ?isSearch=1 {start_time,end_time} | {arrearsStart, arrearsEnd}', querystring: z.object({ isSearch: z.string().optional() }).passthrough(), body: anyBody }, config: { access: { anyOf: ['PayStatistics:view', 'Index:view'] } } },
    async (req) => ok(await revenue(db, await caller(req), req.query.isSearch === '1', dataOf(req.body))),
  );
  api.post(
    `${R}/Financial/index`,
    { schema: { tags: ['收费管理'], summary: '财务报表 ?tabkey=item|village|month {id?, start_time?, end_time?}', querystring: z.object({ tabkey: z.string().optional() }).passthrough(), body: anyBody }, config: { access: { perm: 'Financial:view' } } },
    async (req) => {
      const body = dataOf(req.body);
      return ok(await financial(db, await caller(req), req.query.tabkey ?? (typeof body.tabkey === 'string' ? body.tabkey : undefined), body));
    },
  );
};
