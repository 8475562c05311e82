import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INT4_MAX } from '@5a/contracts';
import { ok } from '../../core/http/envelope.ts';
import { notifyAck, PaymentSignatureError, providerFor } from '../payment/index.ts';
import type { ModuleDeps } from '../types.ts';
import { baseUrlOf } from './routes.ts';
import { billInfoBody, dataBody, payConfigBody, webPayBody } from './bodies.ts';
import { billInfo, payConfig, settle, webPay } from './settle.ts';

const tags = ['在线支付（免登录）'];
/** webPay calls per client address and minute */
export const WEB_PAY_PER_MINUTE = 20;

/**
 * The provider's notification: public, verified by the provider's signature over the raw body,
 * so this encapsulated plugin parses JSON as the untouched string.
 */
const notifyRoute = async (app: FastifyInstance, { db }: ModuleDeps) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post<{ Params: { tenantId: string } }>(
    '/Web/NoLoginApi/OnlinePay/notify/:tenantId',
    { schema: { tags, summary: '支付结果通知（支付渠道回调，验签后幂等结算）' }, config: { access: 'public' } },
    async (req, reply) => {
      const tenantId = Number(req.params.tenantId);
      if (!Number.isInteger(tenantId) || tenantId <= 0 || tenantId > INT4_MAX)
        return reply.status(404).send(notifyAck.fail('商户不存在'));
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
      );
      try {
        const provider = await providerFor(db, tenantId);
        const result = await provider.parseNotification({
          headers,
          body: typeof req.body === 'string' ? req.body : '',
        });
        await settle(db, tenantId, result);
        return reply.status(200).send(notifyAck.ok);
      } catch (e) {
        if (e instanceof PaymentSignatureError) return reply.status(401).send(notifyAck.fail(e.message));
        req.log.error({ err: e }, 'payment notification failed');
        // the provider retries on a failure answer
        return reply.status(500).send(notifyAck.fail('处理失败'));
      }
    },
  );
};

/** The public pay pages' calls (/ol_pay, /wap_pay_page); ids travel only as signed tokens. */
export const payRoutes = async (app: FastifyInstance, deps: ModuleDeps) => {
  const { db, config } = deps;
  await app.register(async (scope) => notifyRoute(scope, deps));
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
