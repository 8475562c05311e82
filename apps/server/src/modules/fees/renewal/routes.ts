import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INT4_MAX } from '@5a/contracts';
import { callerOf } from '../../../core/http/access.ts';
import { servicesApi } from '@5a/contracts/endpoints/services';
import { serve } from '../../../core/http/endpoint.ts';
import { notifyAck, PaymentSignatureError, platformProviderFor } from '../../payment/index.ts';
import type { ModuleDeps } from '../../types.ts';
import {
  listServices,
  orderInput,
  orderService,
  RENEW_PERM,
  serviceOrderState,
  settleServiceOrder,
} from './renewal.ts';
import { baseUrlOf } from '../routes.ts';
import { noBody } from '../bodies.ts';

const VIEW = 'RenewalService:view';

/** The platform provider's notification for renewal orders: public, verified over the raw body. */
const serviceNotify = async (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post(
    '/Web/NoLoginApi/ServicePay/notify',
    {
      schema: { tags: ['在线支付（免登录）'], summary: '服务续费支付结果通知（平台支付渠道回调，验签后幂等结算）' },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
      );
      try {
        const provider = await platformProviderFor(registry, db);
        const result = await provider.parseNotification({
          headers,
          body: typeof req.body === 'string' ? req.body : '',
        });
        await settleServiceOrder(db, result);
        return reply.status(200).send(notifyAck.ok);
      } catch (e) {
        if (e instanceof PaymentSignatureError) return reply.status(401).send(notifyAck.fail(e.message));
        req.log.error({ err: e }, 'service payment notification failed');
        return reply.status(500).send(notifyAck.fail('处理失败'));
      }
    },
  );
};

/** 服务续费 (the service renewal page and its order dialog): list, order with QR, order state. */
export const renewalRoutes = async (app: FastifyInstance, deps: ModuleDeps) => {
  const { db, config, registry } = deps;
  await app.register(async (scope) => serviceNotify(scope, deps));
  const caller = callerOf;
  const tags = ['服务续费'];
  serve(
    app,
    servicesApi.list,
    {
      tags,
      summary: '服务列表 → {list: [{id, icon, title, desc, status 1 已开通, endtime, price}], canRenew}',
      body: noBody,
      reply: z.object({
        list: z.array(
          z.object({
            id: z.number().int(),
            icon: z.string(),
            title: z.string(),
            desc: z.string(),
            status: z.union([z.literal(1), z.literal(2)]).describe('1 已开通 2 未开通或已到期'),
            endtime: z.string(),
            price: z.string().describe('元/年'),
          }),
        ),
        canRenew: z.boolean(),
      }),
      access: { anyOf: [VIEW] },
      writes: false,
    },
    async (_body, req) => listServices(db, caller(req)),
  );
  serve(
    app,
    servicesApi.order,
    {
      tags,
      summary: '续费/开通下单 {id, radio 1|2 年, payway 4, money?} → 二维码 codeUrl（years 同 radio）',
      body: orderInput,
      reply: z.object({
        orderId: z.number().int(),
        outTradeNo: z.string(),
        codeUrl: z.string(),
        money: z.string(),
        years: z.number().int(),
        title: z.string(),
      }),
      access: { perm: RENEW_PERM },
      writes: 'exempt',
    },
    async (body, req) => orderService(registry, db, caller(req), body, baseUrlOf(config)),
  );
  serve(
    app,
    servicesApi.orderState,
    {
      tags,
      summary: '续费订单状态 {orderId}',
      body: z.object({
        orderId: z.coerce
          .number({ error: '订单不存在' })
          .int('订单不存在')
          .positive('订单不存在')
          .max(INT4_MAX, '订单不存在'),
      }),
      reply: z.object({
        orderId: z.number().int(),
        outTradeNo: z.string(),
        state: z.string(),
        paid: z.boolean(),
        money: z.string(),
        endtime: z.string(),
      }),
      access: { anyOf: [VIEW, RENEW_PERM] },
      writes: 'exempt',
    },
    async (body, req) => serviceOrderState(registry, db, caller(req), body.orderId),
  );
};
