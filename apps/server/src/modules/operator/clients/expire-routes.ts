import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { expiryApi } from '@5a/contracts/endpoints/expiry';
import type { Db } from '../../../core/db/client.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { noBody } from '../../../core/validation.ts';
import {
  contractRenewBody,
  extendBody,
  extendTenants,
  extendVillages,
  moveOperators,
  offlineRenewBody,
  platformPrice,
  renewTenants,
} from './expire-actions.ts';

const moved = z.object({
  moved: z.array(z.object({ id: z.number(), name: z.string(), expire: z.string() })),
});
const tags = ['到期管理'];

/**
 * The expiry lists' toolbar dialogs: each serves its button on its list (dialogEndpoint), granted by the list's
 * 续费 / 延期 button menus — 延期 of a company or an operator is the platform's alone.
 */
export const registerExpireRoutes = (app: FastifyInstance, db: Db) => {
  serve(
    app,
    expiryApi.tenantRenew,
    {
      tags,
      summary:
        '到期物业公司 · 线下续费 {ids, years 1–5, pay_method, money, remark}：生成已支付的续费订单并顺延服务到期',
      body: offlineRenewBody,
      reply: moved,
      access: { perm: 'ExpireTenant:renew' },
      writes: true,
    },
    async (body, req) => renewTenants(db, callerOf(req), body),
  );
  serve(
    app,
    expiryApi.tenantRenewPrice,
    {
      tags,
      summary: '线下续费的价格：平台服务每年的价格（元）',
      body: noBody,
      reply: z.object({ title: z.string(), price: z.string() }),
      access: { perm: 'ExpireTenant:renew' },
      writes: false,
    },
    async () => platformPrice(db),
  );
  serve(
    app,
    expiryApi.tenantExtend,
    {
      tags,
      summary: '到期物业公司 · 延期 {ids, days 1–365, reason}（仅平台）：服务到期顺延并记录',
      body: extendBody,
      reply: moved,
      access: { perm: 'ExpireTenant:extend' },
      writes: true,
    },
    async (body, req) => extendTenants(db, callerOf(req), body),
  );
  serve(
    app,
    expiryApi.operatorRenew,
    {
      tags,
      summary: '到期运营商 · 续费 {ids, years 1–5, remark}：合同到期顺延并记录',
      body: contractRenewBody,
      reply: moved,
      access: { perm: 'ExpireOperator:renew' },
      writes: true,
    },
    async (body, req) => moveOperators(db, callerOf(req), body.ids, { years: body.years }, body.remark ?? ''),
  );
  serve(
    app,
    expiryApi.operatorExtend,
    {
      tags,
      summary: '到期运营商 · 延期 {ids, days 1–365, reason}：合同到期顺延并记录',
      body: extendBody,
      reply: moved,
      access: { perm: 'ExpireOperator:extend' },
      writes: true,
    },
    async (body, req) => moveOperators(db, callerOf(req), body.ids, { days: body.days }, body.reason),
  );
  serve(
    app,
    expiryApi.villageExtend,
    {
      tags,
      summary: '到期小区 · 延期 {ids, days 1–365, reason}：小区到期（自身，否则物业公司的）顺延并记录',
      body: extendBody,
      reply: moved,
      access: { perm: 'ExpireVillage:extend' },
      writes: true,
    },
    async (body, req) => extendVillages(db, callerOf(req), body),
  );
};
