import type { FastifyInstance } from 'fastify';
import { INT4_MAX } from '@5a/contracts';
import type { Db } from '../../core/db/client.ts';
import { notifyAck, PaymentSignatureError, type PayResult } from './provider.ts';
import { providerFor } from './resolve.ts';
import type { ModuleDeps } from '../types.ts';

export type NotifyRoute = {
  /** '/Web/NoLoginApi/…/notify/:tenantId' */
  path: string;
  summary: string;
  tags: string[];
  /** settles the verified result idempotently (a provider delivers a notification more than once) */
  settle: (db: Db, tenantId: number, result: PayResult) => Promise<unknown>;
};

/**
 * A company provider's payment notification: public, verified by the provider's signature over the raw body, so
 * it is registered in a plugin scope of its own that keeps JSON as the untouched string. A failure answer makes the
 * provider retry.
 */
export const registerNotifyRoute = async (parent: FastifyInstance, { db, registry }: ModuleDeps, route: NotifyRoute) =>
  parent.register(async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.post<{ Params: { tenantId: string } }>(
      route.path,
      { schema: { tags: route.tags, summary: route.summary }, config: { access: 'public' } },
      async (req, reply) => {
        const tenantId = Number(req.params.tenantId);
        if (!Number.isInteger(tenantId) || tenantId <= 0 || tenantId > INT4_MAX)
          return reply.status(404).send(notifyAck.fail('商户不存在'));
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
        );
        try {
          const provider = await providerFor(registry, db, tenantId);
          const result = await provider.parseNotification({
            headers,
            body: typeof req.body === 'string' ? req.body : '',
          });
          await route.settle(db, tenantId, result);
          return reply.status(200).send(notifyAck.ok);
        } catch (e) {
          if (e instanceof PaymentSignatureError) return reply.status(401).send(notifyAck.fail(e.message));
          req.log.error({ err: e, path: route.path }, 'payment notification failed');
          return reply.status(500).send(notifyAck.fail('处理失败'));
        }
      },
    );
  });
