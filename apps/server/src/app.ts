import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { fastifyRequestContext } from '@fastify/request-context';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { replySerializer } from './core/http/reply-check.ts';
import './core/validation.ts';
import type { Db } from './core/db/client.ts';
import type { ServerConfig } from './core/config.ts';
import { registerErrorHandling, UNAVAILABLE_MSG } from './core/http/errors.ts';
import { sql } from 'drizzle-orm';
import { cspDirectives } from './core/http/csp.ts';
import { documentedTransform } from './core/http/openapi.ts';
import { registerAccessControl } from './core/http/access.ts';
import { registerRequestLog } from './core/http/request-log.ts';
import { modules } from './modules/index.ts';
import { loadAccess } from './modules/rbac/index.ts';
import { resolveToken } from './modules/auth/index.ts';
import { tenantWriteGate } from './modules/operator/index.ts';
import { registerModule } from './core/screens/register.ts';
import { MAX_UPLOAD_BYTES } from './core/engine/transfer-routes.ts';
import { createRegistry, type AppRegistry } from './core/engine/registry.ts';
import { createJobRunner } from './core/jobs/runner.ts';
import { attachBus, localBus, postgresBus } from './core/bus/index.ts';
import { routerOf } from './core/db/read-router.ts';
import { registerReadRoutes } from './core/http/read-routes.ts';
import { documentServersOf } from './core/engine/file-ref.ts';
import type { JobDefinition, JobRunner } from './core/jobs/types.ts';

declare module 'fastify' {
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** the app's one background job runner: started when the app is ready, stopped when it closes */
    jobs: JobRunner;
  }
}

/**
 * `jobs`: background work besides the modules' (the embedded database's backups, a test's own jobs). `registry` is
 * the app's own (made from the modules when not given): a test may make it first to set what the app holds per app
 * (a fake payment provider, an alert recorder) before or after the app is built.
 */
export type AppDeps = {
  db: Db;
  config: ServerConfig;
  logger?: boolean | object;
  jobs?: readonly JobDefinition[];
  registry?: AppRegistry;
};
export type App = FastifyInstance & { withTypeProvider: () => FastifyInstance };

/** external plugins → core → modules, in that fixed order: modules rely on what core decorates. */
export const buildApp = async ({
  db,
  config,
  logger = process.env.DEBUG_LOG ? { level: 'error' } : false,
  jobs: extraJobs = [],
  registry = createRegistry(modules),
}: AppDeps) => {
  // X-Forwarded-For only from the configured proxies: trusting any would let a client pick its own
  // address and so its own login rate-limit bucket
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 10 * 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer(config.checkReplies));

  // the security headers' middleware is built once: the fastify plugin rebuilds it (and re-parses the CSP) per request
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  );
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: '5A云小区 API', version: '1.10.0' }, servers: [{ url: '/' }] },
    transform: documentedTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  // what a request's checks read of this app's configuration (image and file fields accept urls below its document
  // servers as our own files), so two apps in one process keep theirs apart
  const documentServers = documentServersOf(config.documentServer);
  await app.register(fastifyRequestContext, { defaultStoreValues: (req) => ({ documentServers, ip: req.ip }) });

  registerErrorHandling(app);
  registerAccessControl(app, {
    resolveToken: (token) => resolveToken(db, token),
    loadGrants: (actor) => loadAccess(registry, db, actor),
    writeGate: (actor) => tenantWriteGate(db, actor),
  });
  // liveness: the process answers; readiness: it can also reach its database (a load balancer's check)
  app.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config: { access: 'public' } }, async (req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (err) {
      req.log.warn({ err }, 'readiness: database unreachable');
      return reply.status(503).send({ status: 'unavailable', msg: UNAVAILABLE_MSG });
    }
  });

  // the processes on one PostgreSQL database tell each other what changed (revoked tokens, grants, list totals,
  // alerts); the embedded database has one process
  const bus = config.databaseUrl ? await postgresBus(config.databaseUrl, app.log) : localBus();
  attachBus(db, bus);
  app.addHook('onClose', () => bus.close());
  // a read replica (DATABASE_READ_URL): the routes declared `reads: 'replica'` read there when it is fresh enough
  const router = routerOf(db);
  if (router) registerReadRoutes(app, router, { maxLagMs: config.readMaxLagMs, bus });

  // one runner per app (its state dies with the app), not per module: every process ticks, one runs each slot
  const jobs = createJobRunner({
    db,
    config,
    log: app.log,
    registry,
    jobs: [...modules.flatMap((m) => m.jobs ?? []), ...extraJobs],
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  await app.register(
    async (api) => {
      for (const mod of modules) await registerModule(api, mod, { db, config, jobs, registry });
    },
    { prefix: '/xapi' },
  );

  const index = join(config.webDist, 'index.html');
  if (existsSync(index)) {
    // scripts/build-web.mjs writes .br and .gz next to each asset: sent as they are to clients that accept them,
    // and not routes of their own
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // SPA fallback for page routes only; a missing asset or API path is a real 404
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/xapi/') || req.method !== 'GET' || /\.[a-z0-9]+$/i.test(path) || !existsSync(index))
      return reply.status(404).send({ code: 404, msg: '请求地址出错', data: null });
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
};
