import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INT4_MAX } from '@5a/contracts';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import { notifyAck, PaymentSignatureError, providerFor } from '../payment/index.ts';
import type { ModuleDeps } from '../types.ts';
import { LOT_BASE } from './lots.ts';
import {
  feeBody,
  lookupFee,
  lotTokenKey,
  orderBody,
  placeTempOrder,
  settleTempOrder,
  stateBody,
  tempOrderState,
  tempQr,
  tempQrBody,
  type TempPayConfig,
} from './temp-pay.ts';

const tags = ['临时停车缴费（免登录）'];
/** public calls per client address and minute: a driver needs a few, a plate scanner many */
export const TEMP_PAY_PER_MINUTE = 30;
const limited = (name: string) => ({
  access: 'public' as const,
  rateLimit: {
    max: TEMP_PAY_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (req: { ip: string }) => `${name}:${req.ip}`,
  },
});

/** The provider's notification, verified over the raw body: this encapsulated plugin keeps JSON as the string. */
const notifyRoute = async (app: FastifyInstance, { db }: ModuleDeps) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post<{ Params: { tenantId: string } }>(
    '/Web/NoLoginApi/ParkingPay/notify/:tenantId',
    {
      schema: { tags, summary: '临时停车费支付结果通知（支付渠道回调，验签后幂等结算）' },
      config: { access: 'public' },
    },
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
        await settleTempOrder(db, tenantId, result);
        return reply.status(200).send(notifyAck.ok);
      } catch (e) {
        if (e instanceof PaymentSignatureError) return reply.status(401).send(notifyAck.fail(e.message));
        req.log.error({ err: e }, 'parking payment notification failed');
        // the provider retries on a failure answer
        return reply.status(500).send(notifyAck.fail('处理失败'));
      }
    },
  );
};

/** 临时停车费: the lot's QR code for the back office, and the public phone page's calls. */
export const registerTempPayRoutes = async (app: FastifyInstance, deps: ModuleDeps): Promise<void> => {
  const { db, config } = deps;
  const cfg: TempPayConfig = { key: lotTokenKey(config.configSecretKey), publicBaseUrl: config.publicBaseUrl };
  await app.register(async (scope) => notifyRoute(scope, deps));
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    `${LOT_BASE}/tempQr`,
    {
      schema: {
        tags: ['停车'],
        summary: '临时停车费二维码 {id, qr_type, entry_no, show_name, show_type} → {baseurl, desc, qr_type, filename}',
        body: tempQrBody,
      },
      config: { access: { perm: 'ParkingBox:view' } },
    },
    async (req) => ok(await tempQr(db, callerOf(req), req.body, cfg)),
  );
  api.post(
    '/Web/NoLoginApi/ParkingPay/fee',
    {
      schema: { tags, summary: '查询停车费 {lot, plate} → 入场时间、停车时长、应缴金额', body: feeBody },
      config: limited('parkFee'),
    },
    async (req) => ok(await lookupFee(db, cfg, req.body)),
  );
  api.post(
    '/Web/NoLoginApi/ParkingPay/order',
    {
      schema: { tags, summary: '去支付 {lot, plate, code?} → {outTradeNo, amount, codeUrl, jsapi?}', body: orderBody },
      config: limited('parkOrder'),
    },
    async (req) => ok(await placeTempOrder(db, cfg, req.body)),
  );
  api.post(
    '/Web/NoLoginApi/ParkingPay/state',
    { schema: { tags, summary: '支付结果 {lot, out_trade_no}', body: stateBody }, config: limited('parkState') },
    async (req) => ok(await tempOrderState(db, cfg, req.body)),
  );
};
