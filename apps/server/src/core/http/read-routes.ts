import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ClusterBus } from '../bus/index.ts';
import { requestWrote, withRequestReads, type RoutingPool } from '../db/read-router.ts';
import { writerKeys, type Reader } from '../db/read-marks.ts';

/** the bus topic of writes' LSN marks */
const MARKS_TOPIC = 'read-lsn';

const readerOf = (req: FastifyRequest): Reader =>
  req.actor
    ? { id: req.actor.id, kind: req.actor.kind, tenantId: req.actor.tenantId, operatorId: req.actor.operatorId }
    : null;

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';

/**
 * With a replica (ADR 0006): a route declared `config.reads: 'replica'` runs its handler where its reads may go to the
 * replica, and every logged-in route's writes mark the primary's LSN for its user and company, here and, through the
 * cluster bus, in the other processes before the reply leaves. Public routes are left as they are: no login, no
 * mark (a device's event reaches the screens within the lag limit).
 */
export const registerReadRoutes = (
  app: FastifyInstance,
  router: RoutingPool,
  { maxLagMs, bus }: { maxLagMs: number; bus: ClusterBus },
) => {
  router.configure({
    maxLagMs,
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    publish: (marks) => bus.publishNow(MARKS_TOPIC, marks),
  });
  const stop = bus.on(MARKS_TOPIC, (data) => {
    const { keys, lsn } = data as { keys?: unknown; lsn?: unknown };
    if (Array.isArray(keys) && typeof lsn === 'string') router.noteRemote(keys.map(String), lsn);
  });
  app.addHook('onClose', () => stop());

  app.addHook('onRoute', (route) => {
    const replica = route.config?.reads === 'replica';
    if (!replica && (route.config?.access ?? 'public') === 'public') return;
    const handler = route.handler as (this: FastifyInstance, ...a: Parameters<RouteHandlerMethod>) => unknown;
    const marked = async (req: FastifyRequest) => {
      if (!requestWrote() || !req.actor) return;
      // the reply waits for the mark: the user's next call, to any process, must find it
      await router
        .noteWrite(writerKeys(readerOf(req)))
        .catch((err: unknown) => req.log.warn({ err }, '写入位置记录失败'));
    };
    route.handler = function (this: FastifyInstance, req, reply) {
      return withRequestReads({ replica, reader: () => readerOf(req) }, () => {
        const out = handler.call(this, req, reply);
        // a handler that answers through reply.send later keeps its own course (nothing here writes for it)
        if (!isThenable(out)) return out;
        return Promise.resolve(out).then(
          async (v) => {
            await marked(req);
            return v;
          },
          async (err: unknown) => {
            await marked(req);
            throw err;
          },
        );
      });
    } as RouteHandlerMethod;
  });
};
