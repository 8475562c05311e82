import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveToken } from '../auth/index.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { fail, unauthenticated } from '../../core/errors.ts';
import { loadAccess } from '../rbac/index.ts';
import type { ModuleDeps } from '../types.ts';
import { subscribe, type Subscriber } from './hub.ts';
import { NOTICE_BASE } from './resource.ts';

/** A comment line this often keeps proxies from closing an idle stream and finds dead sessions. */
export const HEARTBEAT_MS = 15_000;
/**
 * Open streams one user may hold (a stream per browser tab): each is a socket and a timer of this process, so
 * one login must not be able to open thousands. The one over the cap is refused, not the oldest closed: an
 * EventSource reconnects by itself, and closing the oldest would let two tabs take turns evicting each other.
 */
export const MAX_STREAMS_PER_USER = 5;
export const TOO_MANY_STREAMS_MSG = `告警连接过多（每个用户最多${MAX_STREAMS_PER_USER}个），请关闭其他页面后刷新`;

const tokenOf = (req: FastifyRequest, query: { token?: string }) => {
  const h = req.headers.authorization ?? '';
  return { url: query.token ?? '', api: h.startsWith('Bearer ') ? h.slice(7).trim() : '' };
};

/** An EventSource sends no headers: the login's url token (?token=) identifies it, a bearer token also does. */
const identify = async (db: Db, t: { url: string; api: string }): Promise<Actor | null> =>
  (t.url ? await resolveToken(db, t.url, 'url') : null) ?? (t.api ? await resolveToken(db, t.api, 'api') : null);

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET {base}/abnormalStream: server-sent events. `ready` once subscribed, `abnormal` with each new alert
 * the user may see, a comment as heartbeat. The grants are read again at every heartbeat, so a logout,
 * a disabled user or a narrowed data scope applies to an open stream within one beat.
 */
export const streamRoute = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  const open = new Set<() => void>();
  // per app, not per module: a test's second app counts its own streams
  const perUser = new Map<number, number>();
  // open streams would keep the server from closing
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    `${NOTICE_BASE}/abnormalStream`,
    {
      schema: {
        tags: ['平台公告与异常告警'],
        summary: '异常告警事件流（text/event-stream；?token= 为登录返回的 urlToken）',
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      // an EventSource asks for an event stream; any other caller gets an answer instead of a stream that never ends
      if (!(req.headers.accept ?? '').includes('text/event-stream')) throw fail('请以事件流（text/event-stream）连接');
      const tokens = tokenOf(req, req.query);
      const actor = await identify(db, tokens);
      if (!actor) throw unauthenticated();
      const { perms, villageIds } = await loadAccess(registry, db, actor);
      const held = perUser.get(actor.id) ?? 0;
      // 429, not an event stream: an EventSource gives up instead of reconnecting, and the page falls back to polling
      if (held >= MAX_STREAMS_PER_USER)
        return reply.status(429).send({ code: 429, msg: TOO_MANY_STREAMS_MSG, data: null });
      perUser.set(actor.id, held + 1);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      const sub: Subscriber = {
        caller: { actor, perms, villageIds },
        send: (event, data) => void res.write(frame(event, data)),
      };
      const unsubscribe = subscribe(db, sub);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const left = (perUser.get(actor.id) ?? 1) - 1;
        if (left > 0) perUser.set(actor.id, left);
        else perUser.delete(actor.id);
        clearInterval(beat);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      open.add(end);
      // this connection's own heartbeat, cleared when it ends: not background work, so not a job of the runner
      const beat = setInterval(() => {
        void (async () => {
          const again = await identify(db, tokens).catch(() => null);
          if (!again) return end();
          const access = await loadAccess(registry, db, again);
          sub.caller = { actor: again, perms: access.perms, villageIds: access.villageIds };
          res.write(': ping\n\n');
        })();
      }, HEARTBEAT_MS);
      res.on('close', end);
      res.on('error', end);
      res.write(`retry: 3000\n${frame('ready', { user_id: actor.id })}`);
    },
  );
};
