import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { payApi } from '@5a/contracts/endpoints/pay';
import { serve } from '../../../core/http/endpoint.ts';
import { registerNotifyRoute } from '../../payment/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { baseUrlOf } from '../routes.ts';
import { billInfoBody, payConfigBody, webPayBody } from '../bodies.ts';
import { billInfo, payConfig, settle, webPay } from './settle.ts';

const tags = ['在线支付（免登录）'];
/** webPay calls per client address and minute */
export const WEB_PAY_PER_MINUTE = 20;

/** The public pay pages' calls (/ol_pay, /wap_pay_page); ids travel only as signed tokens. */
export const payRoutes = async (app: FastifyInstance, deps: ModuleDeps) => {
  const { db, config, registry } = deps;
  await registerNotifyRoute(app, deps, {
    path: '/Web/NoLoginApi/OnlinePay/notify/:tenantId',
    tags,
    summary: '支付结果通知（支付渠道回调，验签后幂等结算）',
    settle: (q, tenantId, result) => settle(registry, q, tenantId, result),
  });
  serve(
    app,
    payApi.payConfig,
    {
      tags,
      summary: '在线支付页 {id} → 支付信息；{paidid} → 支付结果',
      body: payConfigBody,
      reply: z.union([
        z.object({ totalFee: z.string(), href: z.string(), tradeno: z.string(), time: z.string(), state: z.string() }),
        z.object({ state: z.string().describe('success | confirming | failed'), tradeno: z.string() }),
      ]),
      access: 'public',
    },
    async (body) => payConfig(registry, db, body),
  );
  serve(
    app,
    payApi.billInfo,
    {
      tags,
      summary: '手机支付页账单信息 {billInfo}',
      body: billInfoBody,
      reply: z.object({
        villageName: z.string(),
        address: z.string(),
        name: z.string(),
        tel: z.string().describe('脱敏手机号'),
        totalNum: z.number().int(),
        period: z.string(),
        TaxAmount: z.string().describe('元'),
        state: z.string(),
        appId: z.string(),
      }),
      access: 'public',
    },
    async (body) => billInfo(registry, db, body.billInfo),
  );
  serve(
    app,
    payApi.webPay,
    {
      tags,
      summary: '微信内支付参数 {code, payInfoId}（同一账单复用未过期的订单）',
      body: webPayBody,
      reply: z.object({
        appId: z.string(),
        timeStamp: z.string(),
        nonceStr: z.string(),
        package: z.string(),
        signType: z.literal('RSA'),
        paySign: z.string(),
      }),
      access: 'public',
      // public and it places orders with the provider: a payer needs a few calls, not hundreds
      rateLimit: { max: WEB_PAY_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (req) => `webPay:${req.ip}` },
    },
    async (body) => webPay(registry, db, body, baseUrlOf(config)),
  );
};
