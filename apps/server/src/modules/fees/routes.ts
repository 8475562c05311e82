import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Envelope, ScreenConfig } from '@5a/contracts';
import { callerOf } from '../../core/http/access.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import { feesApi } from '@5a/contracts/endpoints/fees';
import type { ServerConfig } from '../../core/config.ts';
import type { ModuleDeps } from '../types.ts';
import { billDisplay, billSign, signBody } from './bills/actions.ts';
import { financialSubjects } from './stats/financial-subjects.ts';
import { displayBody, financialBody, noBody, orderIdBody, rechargeBody, reminderBody, revenueBody } from './bodies.ts';
import {
  balanceReminder,
  savesReminder,
  getPackage,
  ledger,
  ledgerBody,
  packagesBody,
  recharge,
  savePackage,
  type RechargeOffer,
} from './balance/balance.ts';
import { charge, chargeBody } from './collect/collect.ts';
import { generate, generateBody } from './bills/generate.ts';
import {
  buttonPerms,
  paidOrderResource,
  proFeeResource,
  renewalListResource,
  unpaidResource,
} from './bills/resource.ts';
import { balanceResource } from './balance/resource.ts';
import { orderState } from './collect/settle.ts';
import { financial, revenue, type Revenue } from './stats/stats.ts';
import {
  billDisplayReply,
  chargeReply,
  countReply,
  financialReply,
  generateReply,
  ledgerReply,
  orderStateReply,
  packagesReply,
  rechargeReply,
  reminderReply,
  revenueReply,
} from './replies.ts';

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

/** The recharge packages under the dialog's keys: pgs the packages, bl the multiplier. */
const packagesReplyOf = ({ packages, multiplier }: RechargeOffer) => ({ pgs: packages, bl: multiplier });

/** 收费统计's figures under the page's keys; a figure the request did not ask for stays out of the reply. */
const revenueReplyOf = (r: Revenue) => ({
  ...(r.collection && { sftj: r.collection }),
  ...(r.composition && { skzc: r.composition }),
  ...(r.arrears && { qftj: r.arrears }),
  ...(r.arrearsByMonth && { qfinfo: r.arrearsByMonth }),
});

export const feeRoutes = async (app: FastifyInstance, { db, config, registry }: ModuleDeps) => {
  filterButtons(app);

  const caller = callerOf;
  const tags = ['收费管理'];
  const anyOf = (perms: string[]) => ({ anyOf: perms });
  const chargePerms = ['RenewalList:charge', 'ProFee:charge', 'Unpaid:charge'];
  const billViews = ['RenewalList:view', 'ProFee:view', 'Unpaid:view', 'PaidOrder:view'];
  // every body may also come as {data: {...}} (the custom-action buttons)

  serve(
    app,
    feesApi.generate,
    {
      tags,
      summary: '生成账单 {house_ids?|search?, fee_item_ids, period_start YYYY-MM, months?}',
      body: generateBody,
      reply: generateReply,
      access: anyOf(['RenewalList:generate']),
      writes: true,
    },
    async (body, req) => {
      const r = await generate(db, caller(req), body);
      return withMsg(r, r.msg);
    },
  );
  serve(
    app,
    feesApi.charge,
    {
      tags,
      summary: '收款 {ids, type 0 线上 | 1 线下, payway, orderNum, discount}',
      body: chargeBody,
      reply: chargeReply,
      access: anyOf(chargePerms),
      writes: true,
    },
    async (body, req) => {
      const r = await charge(registry, db, caller(req), body, baseUrlOf(config));
      return 'msg' in r ? withMsg(r, r.msg) : r;
    },
  );
  serve(
    app,
    feesApi.orderState,
    {
      tags,
      summary: '线上收款：订单状态 {orderId}',
      body: orderIdBody,
      reply: orderStateReply,
      access: anyOf(chargePerms),
      writes: 'exempt',
    },
    async (body, req) => orderState(registry, db, caller(req), body.orderId),
  );
  serve(
    app,
    feesApi.billDisplay,
    {
      tags,
      summary: '账单打印 {ids}',
      body: displayBody,
      reply: billDisplayReply,
      access: anyOf(billViews),
      writes: false,
    },
    async (body, req) => billDisplay(db, caller(req), body),
  );
  serve(
    app,
    feesApi.billSign,
    {
      tags,
      summary: '签收 {bill_ids, status, invoice_no}',
      body: signBody,
      reply: countReply,
      access: anyOf(['PaidOrder:sign']),
      writes: true,
    },
    async (body, req) => withMsg(await billSign(db, caller(req), body), '签收成功'),
  );

  serve(
    app,
    feesApi.getPackage,
    {
      tags,
      summary: '充值套餐：读取',
      body: noBody,
      reply: packagesReply,
      access: anyOf(['Balance:view']),
      writes: false,
    },
    async (_body, req) => packagesReplyOf(await getPackage(db, caller(req))),
  );
  serve(
    app,
    feesApi.savePackage,
    {
      tags,
      summary: '充值套餐：保存 {pgs, bl}',
      body: packagesBody,
      reply: packagesReply,
      access: anyOf(['Balance:package']),
      writes: true,
    },
    async (body, req) => withMsg(packagesReplyOf(await savePackage(db, caller(req), body)), '保存成功!'),
  );
  serve(
    app,
    feesApi.recharge,
    {
      tags,
      summary: '余额充值 {id, bj, yh}',
      body: rechargeBody,
      reply: rechargeReply,
      access: anyOf(['Balance:recharge']),
      writes: true,
    },
    async (body, req) => withMsg(await recharge(db, caller(req), body), '充值成功!'),
  );
  serve(
    app,
    feesApi.ledger,
    {
      tags,
      summary: '余额明细 {house_id, current, size}',
      body: ledgerBody,
      reply: ledgerReply,
      access: anyOf(['Balance:view']),
      writes: false,
    },
    async (body, req) => ledger(db, caller(req), body),
  );
  serve(
    app,
    feesApi.balanceReminder,
    {
      tags,
      summary: '余额提醒：{} 读取；{msg_reminder, list_reminder} 保存',
      body: reminderBody,
      reply: reminderReply,
      access: anyOf(['Balance:view']),
      writes: savesReminder,
    },
    async (body, req) => {
      const r = await balanceReminder(db, caller(req), body);
      return withMsg(r.data, r.saved ? '保存成功!' : 'success');
    },
  );

  serve(
    app,
    feesApi.revenue,
    {
      tags,
      summary: '收入统计 {} | ?isSearch=1 {start_time,end_time} | {arrearsStart, arrearsEnd}',
      query: z.object({ isSearch: z.string().max(8).optional().describe('1 = 按起止日期统计') }),
      body: revenueBody,
      reply: revenueReply,
      access: anyOf(['PayStatistics:view', 'Index:view']),
      writes: false,
      reads: 'replica',
    },
    async (body, req, query) => revenueReplyOf(await revenue(db, caller(req), query.isSearch === '1', body)),
  );
  serve(
    app,
    feesApi.financial,
    {
      tags,
      summary: '财务报表 ?tabkey=item|village|month {id?, start_time?, end_time?}',
      query: z.object({ tabkey: z.string().max(20).optional().describe('item | village | month') }),
      body: financialBody,
      reply: financialReply,
      access: { perm: 'Financial:view' },
      writes: false,
      reads: 'replica',
    },
    async (body, req, query) => {
      const { selector, ...statement } = await financial(
        db,
        caller(req),
        query.tabkey ?? body.tabkey,
        body,
        financialSubjects(registry),
      );
      return { ...statement, carSquireList: selector };
    },
  );
};
