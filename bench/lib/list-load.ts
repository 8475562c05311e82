/**
 * One list endpoint under load, through the real app (auth, permissions, envelope) and through a
 * bare Fastify route that replays the very statements the app sent for the same request (captured
 * from the pool, grouped as they ran: statements the app ran side by side run side by side here).
 * Page 1 and a deep page (page 1,000 when the list has that many, else its last full page).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { concurrentGroups, type CountedPool, type Stmt } from './counted-pool.ts';
import { runLoad, type LoadResult } from './load.ts';
import { postJson } from './app.ts';
import { explainAll } from './estate-list.ts';

export type ListSpec = { name: string; title: string; path: string };
export type Replay = { text: string; values: unknown[] }[][];
export type Captured = { page: number; statements: { text: string; ms: number; plan: string }[]; groups: number[] };
export type ListRound = { route: 'app' | 'bare'; page: number; r: LoadResult };
export type ListFigures = {
  spec: ListSpec;
  total: number;
  deepPage: number;
  captured: Captured[];
  rounds: ListRound[];
};
export type LoadOpts = { connections: number; seconds: number; warmSeconds: number; deepPage: number };

/** The bare server: POST /bare/<key> runs the statements registered under key, on the app's pool. */
export const bareServer = async (cp: CountedPool) => {
  const replays = new Map<string, Replay>();
  const app: FastifyInstance = Fastify({ logger: false });
  app.post<{ Params: { key: string } }>('/bare/:key', async (req, reply) => {
    const groups = replays.get(req.params.key);
    if (!groups) return reply.code(404).send({ code: 404 });
    const out: unknown[] = [];
    for (const g of groups) {
      const rs = await Promise.all(g.map((s) => cp.pool.query(s.text, s.values)));
      for (const r of rs) out.push(r.rows);
    }
    return { code: 0, data: out };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    replays,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/bare`,
    close: () => app.close(),
  };
};
export type BareServer = Awaited<ReturnType<typeof bareServer>>;

type Page = { total: number; records: unknown[] };
const errorsOf = (r: LoadResult) => r.errors + r.timeouts + r.non2xx + r.mismatches;

export const listBench = async (
  ctx: { base: string; auth: Record<string, string>; cp: CountedPool; bare: BareServer; log: (m: string) => void },
  spec: ListSpec,
  opts: LoadOpts,
): Promise<ListFigures> => {
  const { base, auth, cp, bare, log } = ctx;
  const url = `${base}${spec.path}`;
  const call = async (page: number) => {
    const data = await postJson<Page>(url, auth, { current: page, size: 10 });
    if (data.total >= page * 10 && data.records.length !== 10)
      throw new Error(`${spec.name} page ${page}: ${data.records.length} records of ${data.total}`);
    return data.total;
  };
  const total = await call(1);
  if (total < 20) throw new Error(`${spec.name}: only ${total} rows; the dataset is missing rows for it`);
  const deepPage = Math.max(2, Math.min(opts.deepPage, Math.floor(total / 10)));

  /** the statements of one steady-state request: the fewest of three in a row (a background count refresh is not every request's cost) */
  const capture = async (page: number) => {
    let best: Stmt[] | null = null;
    for (let i = 0; i < 3; i++) {
      const { statements } = await cp.capture(() => call(page));
      if (!best || statements.length < best.length) best = statements;
    }
    const list = best!;
    bare.replays.set(
      `${spec.name}-${page}`,
      concurrentGroups(list).map((g) => g.map((s) => ({ text: s.text, values: s.values }))),
    );
    // EXPLAIN (ANALYZE, BUFFERS) of each, on this data: where a slow page's time goes
    const plans = await explainAll(
      cp,
      list.map((s, i) => ({ label: String(i), stmt: s })),
    );
    return {
      page,
      statements: list.map((s, i) => ({ text: s.text, ms: s.end - s.start, plan: plans[i]?.plan ?? '' })),
      groups: concurrentGroups(list).map((g) => g.length),
    };
  };

  const rounds: ListRound[] = [];
  const round = async (route: 'app' | 'bare', page: number, seconds = opts.seconds) => {
    const r = await runLoad({
      url: route === 'app' ? url : `${bare.url}/${spec.name}-${page}`,
      body: JSON.stringify({ current: page, size: 10 }),
      headers: route === 'app' ? auth : {},
      connections: opts.connections,
      seconds,
      expect: '"code":0',
    });
    log(
      `  ${spec.name.padEnd(10)} ${route.padEnd(4)} page ${String(page).padEnd(5)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${errorsOf(r)}`,
    );
    return r;
  };
  const captured: Captured[] = [];
  for (const page of [1, deepPage]) {
    await round('app', page, opts.warmSeconds); // warm-up: JIT, plan caches, the count cache
    captured.push(await capture(page));
    rounds.push({ route: 'app', page, r: await round('app', page) });
    rounds.push({ route: 'bare', page, r: await round('bare', page) });
  }
  return { spec, total, deepPage, captured, rounds };
};

export { errorsOf };
