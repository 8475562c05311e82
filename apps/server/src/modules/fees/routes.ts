import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Envelope, ScreenConfig } from '@5a/contracts';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ServerConfig } from '../../core/config.ts';
import type { ModuleDeps } from '../types.ts';
import { billDisplay, billSign, signBody } from './actions.ts';
import {
  dataBody,
  displayBody,
  financialBody,
  noBody,
  orderIdBody,
  rechargeBody,
  reminderBody,
  revenueBody,
} from './bodies.ts';
import {
  balanceReminder,
  savesReminder,
  getPackage,
  ledger,
  ledgerBody,
  packagesBody,
  recharge,
  savePackage,
} from './balance.ts';
import { charge, chargeBody } from './collect.ts';
import { generate, generateBody } from './generate.ts';
import {
  buttonPerms,
  paidOrderResource,
  proFeeResource,
  renewalListResource,
  unpaidResource,
} from './resource-bills.ts';
import { balanceResource } from './resource-balance.ts';
import { orderState } from './settle.ts';
import { financial, revenue } from './stats.ts';

const R = '/Web/Renewal';
export { dataOf } from './bodies.ts';
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
  const byRoute = new Map(
    [renewalListResource, proFeeResource, unpaidResource, paidOrderResource, balanceResource].map((d) => [
      d.route,
      buttonPerms[d.name] ?? {},
    ]),
  );
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    const perms = byRoute.get(req.routeOptions.url?.replace(/^\/xapi/, '') ?? '');
    if (!perms) return payload;
    const env = payload as Envelope<ScreenConfig | unknown[]>;
    if (env.code !== 0 || !env.data || Array.isArray(env.data)) return payload;
    const allowed = (type: string) => !perms[type] || req.perms.has(perms[type]);
    return {
      ...env,
      data: {
        ...env.data,
        toolbar: env.data.toolbar.filter((b) => allowed(b.type)),
        rowActions: env.data.rowActions.filter((a) => allowed(a.type)),
      },
    };
  });
};

export const feeRoutes = async (app: FastifyInstance, { db, config }: ModuleDeps) => {
  filterButtons(app);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const caller = callerOf;
  const tags = ['收费管理'];
  const reply = (data: unknown, msg: string) =>
    ok(data, data && typeof data === 'object' && 'msg' in data && typeof data.msg === 'string' ? data.msg : msg);
  const access = (perms: string[]) => ({ access: { anyOf: perms } });
  const chargePerms = ['RenewalList:charge', 'ProFee:charge', 'Unpaid:charge'];
  const billViews = ['RenewalList:view', 'ProFee:view', 'Unpaid:view', 'PaidOrder:view'];
  const wrapped = '（字段可放在 data 中：{data: {...}}）';

  api.post(
    `${R}/RenewalList/generate`,
    {
      schema: {
        tags,
        summary: '生成账单 {data: {house_ids?|search?, fee_item_ids, period_start YYYY-MM, months?}}',
        body: dataBody(generateBody).describe(`生成账单${wrapped}`),
      },
      config: { ...access(['RenewalList:generate']), writes: true },
    },
    async (req) => reply(await generate(db, caller(req), req.body), 'success'),
  );
  api.post(
    `${R}/RenewalList/charge`,
    {
      schema: {
        tags,
        summary: '收款 {ids, type 0 线上 | 1 线下, payway, orderNum, discount}',
        body: dataBody(chargeBody).describe(`收款${wrapped}`),
      },
      config: { ...access(chargePerms), writes: true },
    },
    async (req) => reply(await charge(db, caller(req), req.body, baseUrlOf(config)), 'success'),
  );
  api.post(
    `${R}/RenewalList/orderState`,
    {
      schema: {
        tags,
        summary: '线上收款：订单状态 {orderId}',
        body: dataBody(orderIdBody).describe(`订单状态${wrapped}`),
      },
      config: { ...access(chargePerms), writes: 'exempt' },
    },
    async (req) => reply(await orderState(db, caller(req), req.body.orderId), 'success'),
  );
  api.post(
    `${R}/RenewalList/billDisplay`,
    {
      schema: { tags, summary: '账单打印 {ids}', body: dataBody(displayBody).describe(`账单打印${wrapped}`) },
      config: { ...access(billViews), writes: false },
    },
    async (req) => reply(await billDisplay(db, caller(req), req.body), 'success'),
  );
  api.post(
    `${R}/PaidOrder/billSign`,
    {
      schema: {
        tags,
        summary: '签收 {bill_ids, status, invoice_no}',
        body: dataBody(signBody).describe(`签收${wrapped}`),
      },
      config: { ...access(['PaidOrder:sign']), writes: true },
    },
    async (req) => reply(await billSign(db, caller(req), req.body), '签收成功'),
  );

  api.post(
    `${R}/Balance/getPackage`,
    {
      schema: { tags, summary: '充值套餐：读取', body: noBody },
      config: { ...access(['Balance:view']), writes: false },
    },
    async (req) => reply(await getPackage(db, caller(req)), 'success'),
  );
  api.post(
    `${R}/Balance/savePackage`,
    {
      schema: {
        tags,
        summary: '充值套餐：保存 {pgs, bl}',
        body: dataBody(packagesBody).describe(`充值套餐${wrapped}`),
      },
      config: { ...access(['Balance:package']), writes: true },
    },
    async (req) => reply(await savePackage(db, caller(req), req.body), '保存成功!'),
  );
  api.post(
    `${R}/Balance/recharge`,
    {
      schema: { tags, summary: '余额充值 {id, bj, yh}', body: dataBody(rechargeBody).describe(`余额充值${wrapped}`) },
      config: { ...access(['Balance:recharge']), writes: true },
    },
    async (req) => reply(await recharge(db, caller(req), req.body), '充值成功!'),
  );
  api.post(
    `${R}/Balance/ledger`,
    {
      schema: {
        tags,
        summary: '余额明细 {house_id, current, size}',
        body: dataBody(ledgerBody).describe(`余额明细${wrapped}`),
      },
      config: { ...access(['Balance:view']), writes: false },
    },
    async (req) => reply(await ledger(db, caller(req), req.body), 'success'),
  );
  api.post(
    `${R}/Balance/balanceReminder`,
    {
      schema: {
        tags,
        summary: '余额提醒：{} 读取；{msg_reminder, list_reminder} 保存',
        body: dataBody(reminderBody).describe(`余额提醒${wrapped}`),
      },
      config: { ...access(['Balance:view']), writes: savesReminder },
    },
    async (req) => {
      const r = await balanceReminder(db, caller(req), req.body);
      return ok(r.data, r.saved ? '保存成功!' : 'success');
    },
  );

  api.post(
    `${R}/PayStatistics/revenue`,
    {
      schema: {
        tags,
        summary: '收入统计 {} | ?isSearch=1 {start_time,end_time} | {arrearsStart, arrearsEnd}',
        querystring: z.object({ isSearch: z.string().max(8).optional().describe('1 = 按起止日期统计') }),
        body: dataBody(revenueBody).describe(`收入统计${wrapped}`),
      },
      config: { ...access(['PayStatistics:view', 'Index:view']), writes: false },
    },
    async (req) => ok(await revenue(db, caller(req), req.query.isSearch === '1', req.body)),
  );
  api.post(
    `${R}/Financial/index`,
    {
      schema: {
        tags,
        summary: '财务报表 ?tabkey=item|village|month {id?, start_time?, end_time?}',
        querystring: z.object({ tabkey: z.string().max(20).optional().describe('item | village | month') }),
        body: dataBody(financialBody).describe(`财务报表${wrapped}`),
      },
      config: { access: { perm: 'Financial:view' }, writes: false },
    },
    async (req) => ok(await financial(db, caller(req), req.query.tabkey ?? req.body.tabkey, req.body)),
  );
};
