import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../core/errors.ts';
import { payApi } from '@5a/contracts/endpoints/pay';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import type { ModuleDeps } from '../types.ts';
import { PaymentSignatureError } from './provider.ts';
import { readOrderToken, sandboxNotification, sandboxTransactionId } from './sandbox.ts';
import { sandboxSecret } from './service.ts';
import { setPaySettings } from './settings.ts';
import { formatTime } from '../../core/time.ts';

/** The sandbox payer page's calls (no login: the payer is not a staff user). */
export const paymentRoutes = (app: FastifyInstance, { config, registry }: ModuleDeps) => {
  setPaySettings(registry, config);
  const tags = ['支付沙箱'];
  const order = (token: string) => {
    // without the sandbox (production) nobody may play the payer
    if (!config.paySandbox) throw fail('支付沙箱未启用');
    try {
      return readOrderToken(sandboxSecret, token);
    } catch (e) {
      if (e instanceof PaymentSignatureError) throw fail('支付链接无效或已失效');
      throw e;
    }
  };

  serve(
    app,
    payApi.sandboxOrder,
    {
      tags,
      summary: '沙箱：订单信息',
      body: z.object({ token: z.string({ error: 'token 不能为空' }).min(1, 'token 不能为空') }),
      reply: z.object({
        outTradeNo: z.string(),
        amount: z.string(),
        description: z.string(),
        expireAt: z.string(),
        expired: z.boolean(),
      }),
      access: 'public',
    },
    async (body) => {
      const o = order(body.token);
      return {
        outTradeNo: o.o,
        amount: (o.a / 100).toFixed(2),
        description: o.d,
        expireAt: formatTime(new Date(o.e)),
        expired: Date.now() > o.e,
      };
    },
  );

  /** Plays the payer's scan: the sandbox platform posts a signed notification to notify_url. */
  serve(
    app,
    payApi.sandboxPay,
    {
      tags,
      summary: '沙箱：模拟付款（success / fail）',
      body: z.object({
        token: z.string().min(1, 'token 不能为空'),
        result: z.enum(['success', 'fail'], { error: 'result 只能是 success 或 fail' }),
      }),
      reply: z.union([
        z.object({ state: z.literal('SUCCESS'), transactionId: z.string() }),
        z.object({ state: z.literal('PAYERROR') }),
      ]),
      access: 'public',
    },
    async (body) => {
      const o = order(body.token);
      if (Date.now() > o.e) throw fail('订单已过期');
      const n = sandboxNotification(sandboxSecret, o, body.result === 'success');
      const url = new URL(o.n, 'http://127.0.0.1');
      const res = await app.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: n.headers as Record<string, string>,
        payload: n.body,
      });
      const ack = res.json() as { code?: string; message?: string };
      if (res.statusCode >= 300 || ack.code !== 'SUCCESS')
        throw fail(`商户处理支付通知失败：${ack.message ?? res.statusCode}`);
      return body.result === 'success'
        ? withMsg({ state: 'SUCCESS' as const, transactionId: sandboxTransactionId(sandboxSecret, o) }, '支付成功')
        : withMsg({ state: 'PAYERROR' as const }, '支付失败');
    },
  );
};
