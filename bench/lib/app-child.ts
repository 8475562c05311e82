/**
 * The real app in a child process of its own, so its memory (RSS) is the server's alone and its
 * event loop is not the client's. On PostgreSQL (a counted pool: the statements of a request can be
 * captured) or on the embedded database (openEmbedded: PGlite in a worker thread behind a socket,
 * migrated, demo-seeded and filled with a bench/data.ts scale by the child itself).
 * The parent drives it over IPC: RSS sampling (every 10 ms), statement capture, close.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../apps/server/src/core/db/client.ts';
import type { DataReport, ScaleName } from '../data.ts';
import type { Stmt } from './counted-pool.ts';

export type ChildInit =
  { kind: 'postgres'; url: string; poolMax: number } | { kind: 'embedded'; dir: string; scale: ScaleName };
export type Rss = { baseMb: number; peakMb: number; lifetimeMaxMb: number };
type Op = 'rss-start' | 'rss-stop' | 'capture-start' | 'capture-stop' | 'close';
type Req = { id: number; op: Op };
type Ready = { op: 'ready'; port: number; setupMs: number; report: DataReport | null; version: string };
type Reply = { op: 'reply'; id: number; ok: boolean; value?: unknown; error?: string };
export type Captured = Pick<Stmt, 'text' | 'values'>[];

const MB = 1024 * 1024;

const childMain = () =>
  process.once('message', (raw) => {
    void (async () => {
      const init = raw as ChildInit;
      const t0 = performance.now();
      const { startApp } = await import('./app.ts');
      let db: Db;
      let closeDb: () => Promise<void>;
      let capture: (<T>(fn: () => Promise<T>) => Promise<{ value: T; statements: Stmt[] }>) | null = null;
      let report: DataReport | null = null;
      let version = '';
      if (init.kind === 'postgres') {
        const { countedPool } = await import('./counted-pool.ts');
        const { wrapPool } = await import('../../apps/server/src/core/db/client.ts');
        const cp = countedPool(init.url, init.poolMax);
        db = wrapPool(cp.pool, 'postgres').db;
        capture = cp.capture;
        closeDb = () => cp.pool.end();
        version = String(
          (await cp.pool.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '',
        );
      } else {
        const { openEmbedded } = await import('../../apps/server/src/core/db/embedded.ts');
        const { migrate } = await import('../../apps/server/src/core/db/migrate.ts');
        const { seedDemo } = await import('../../apps/server/src/seed/demo.ts');
        const { generate } = await import('../data.ts');
        const { sql } = await import('drizzle-orm');
        const h = await openEmbedded(init.dir);
        db = h.db;
        closeDb = h.close;
        await migrate(db);
        await seedDemo(db);
        report = await generate(db, init.scale, (m) => console.log(`  [embedded] ${m.trim()}`));
        const r = (await db.execute(sql`select current_setting('server_version') as v`)) as unknown as {
          rows: { v: string }[];
        };
        version = `PGlite (PostgreSQL ${r.rows[0]?.v ?? ''})`;
      }
      const { app } = await startApp(db);
      const port = (app.server.address() as { port: number }).port;

      let sampler: NodeJS.Timeout | null = null;
      let base = 0;
      let peak = 0;
      let release: (() => void) | null = null;
      let pending: Promise<{ statements: Stmt[] }> | null = null;
      const handle = async (op: Op): Promise<unknown> => {
        switch (op) {
          case 'rss-start':
            base = peak = process.memoryUsage.rss();
            sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
            return null;
          case 'rss-stop':
            if (sampler) clearInterval(sampler);
            peak = Math.max(peak, process.memoryUsage.rss());
            return {
              baseMb: base / MB,
              peakMb: peak / MB,
              lifetimeMaxMb: process.resourceUsage().maxRSS / 1024,
            } satisfies Rss;
          case 'capture-start':
            if (!capture) throw new Error('no statement capture on the embedded database');
            pending = capture(() => new Promise<void>((r) => (release = r)));
            return null;
          case 'capture-stop': {
            release?.();
            const { statements } = (await pending) ?? { statements: [] };
            return statements.map((s) => ({ text: s.text, values: s.values }));
          }
          case 'close':
            await app.close();
            await closeDb();
            setImmediate(() => process.exit(0));
            return null;
        }
      };
      process.on('message', (m) => {
        const req = m as Req;
        handle(req.op).then(
          (value) => process.send?.({ op: 'reply', id: req.id, ok: true, value } satisfies Reply),
          (e: unknown) => process.send?.({ op: 'reply', id: req.id, ok: false, error: String(e) } satisfies Reply),
        );
      });
      process.send?.({ op: 'ready', port, setupMs: performance.now() - t0, report, version } satisfies Ready);
    })().catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
  });

/** Starts the app child and waits until it listens (data generation on the embedded database included). */
export const startAppChild = async (init: ChildInit, readyTimeoutMs = 600_000) => {
  // BENCH_CHILD_NODE_ARGS: node flags for the app alone (--trace-gc, --cpu-prof, heap limits) when looking into a figure
  const extra = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const c = fork(fileURLToPath(import.meta.url), ['--app-child'], {
    execArgv: ['--import', 'tsx', ...extra],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (r: Reply) => void>();
  let seq = 0;
  const ready = await new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`app child not ready after ${readyTimeoutMs / 1000} s`)),
      readyTimeoutMs,
    );
    c.once('exit', (code) => reject(new Error(`app child exited (${code}) before it was ready`)));
    c.on('message', (raw) => {
      const m = raw as Ready | Reply;
      if (m.op === 'ready') {
        clearTimeout(timer);
        resolve(m);
      } else waiting.get(m.id)?.(m);
    });
    c.send(init);
  });
  const rpc = <T>(op: Op) =>
    new Promise<T>((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, (r) => {
        waiting.delete(id);
        if (r.ok) resolve(r.value as T);
        else reject(new Error(r.error));
      });
      c.send({ id, op } satisfies Req);
    });
  const origin = `http://127.0.0.1:${ready.port}`;
  return {
    origin,
    base: `${origin}/xapi`,
    setupMs: ready.setupMs,
    report: ready.report,
    version: ready.version,
    /** runs work while the child samples its RSS */
    withRss: async <T>(work: () => Promise<T>) => {
      await rpc('rss-start');
      const value = await work();
      return { value, rss: await rpc<Rss>('rss-stop') };
    },
    /** runs work while the child records every statement its pool sends */
    capture: async <T>(work: () => Promise<T>) => {
      await rpc('capture-start');
      const value = await work();
      return { value, statements: await rpc<Captured>('capture-stop') };
    },
    close: async () => {
      if (c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      await rpc('close').catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (c.exitCode === null) c.kill('SIGKILL');
    },
  };
};
export type AppChild = Awaited<ReturnType<typeof startAppChild>>;

if (process.argv.includes('--app-child') && process.argv[1] === fileURLToPath(import.meta.url)) childMain();
