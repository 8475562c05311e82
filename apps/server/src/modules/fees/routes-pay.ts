import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../core/http/envelope.ts';
import { registerNotifyRoute } from '../payment/index.ts';
import type { ModuleDeps } from '../types.ts';
import { baseUrlOf } from './routes.ts';
import { billInfoBody, dataBody, payConfigBody, webPayBody } from './bodies.ts';
import { billInfo, payConfig, settle, webPay } from './settle.ts';

const tags = ['在线支付（免登录）'];
/** webPay calls per client address and minute */
export const WEB_PAY_PER_MINUTE = 20;

/** The public pay pages' calls (/ol_pay, /wap_pay_page); ids travel only as signed tokens. */
export const payRoutes = async (app: FastifyInstance, deps: ModuleDeps) => {
  const { db, config } = deps;
  await registerNotifyRoute(app, deps.db, {
    path: '/Web/NoLoginApi/OnlinePay/notify/:tenantId',
    tags,
    summary: '支付结果通知（支付渠道回调，验签后幂等结算）',
    settle,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/Web/NoLoginApi/OnlinePay/payConfig',
    {
      schema: { tags, summary: '在线支付页 {id} → 支付信息；{paidid} → 支付结果', body: dataBody(payConfigBody) },
      config: { access: 'public' },
    },
    async (req) => ok(await payConfig(db, req.body)),
  );
  api.post(
    '/Web/NoLoginApi/OnlinePay/billInfo',
    {
      schema: { tags, summary: '手机支付页账单信息 {billInfo}', body: dataBody(billInfoBody) },
      config: { access: 'public' },
    },
    async (req) => ok(await billInfo(db, req.body.billInfo)),
  );
  api.post(
    '/H5/Pay/OnlinePay/webPay',
    {
      schema: {
        tags,
        summary: '微信内支付参数 {code, payInfoId}（同一账单复用未过期的订单）',
        body: dataBody(webPayBody),
      },
      // public and it places orders with the provider: a payer needs a few calls, not hundreds
      config: {
        access: 'public',
        rateLimit: { max: WEB_PAY_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (req) => `webPay:${req.ip}` },
      },
    },
    async (req) => ok(await webPay(db, req.body, baseUrlOf(config))),
  );
};
