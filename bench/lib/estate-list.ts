/**
 * GatePerson list under load: the app's route vs a bare Fastify route that sends the very
 * statements the app sent for the same request (captured from the pool), grouped as they ran
 * (statements the app ran side by side run side by side here too).
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { concurrentGroups, type CountedPool, type Stmt } from './counted-pool.ts';
import { runLoad, type LoadResult } from './load.ts';

export type Ctx = { base: string; auth: Record<string, string>; cp: CountedPool; log: (m: string) => void };
export type Plan = { label: string; sql: string; plan: string };
export type ListFigures = {
  total: number;
  statements: { text: string; values: unknown[] }[];
  groups: number[];
  rounds: { label: string; page: number; r: LoadResult }[];
  plans: Plan[];
  /** the statements of one page-1 request, as sent */
  captured: Stmt[];
  connections: number;
  seconds: number;
};

const LIST = '/Web/Basic/GatePerson/list?tab_type=owner';
/** the statement with its parameters written in (a token hash shown as <sha256>) */
const inline = (s: Stmt) =>
  s.text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = s.values[Number(i) - 1];
    if (typeof v === 'number') return String(v);
    return /^[0-9a-f]{64}$/.test(String(v)) ? "'<sha256>'" : `'${String(v).replace(/'/g, "''")}'`;
  });

/**
 * The same page with OFFSET applied to ids only, the row's columns and computed subqueries read for
 * the 10 rows kept (the engine's query evaluates them for every row it skips).
 */
export const deferredJoin = (rows: Stmt): Stmt => {
  const m = /^select (.*) from "gate_persons" where (.*) order by (.*) limit (\$\d+|\d+) offset (\$\d+|\d+)$/is.exec(
    rows.text.trim(),
  );
  if (!m) throw new Error(`unexpected list statement: ${rows.text.slice(0, 120)}`);
  const [, cols, where, order, limit, offset] = m;
  return {
    ...rows,
    text: `select ${cols} from "gate_persons" where "gate_persons"."id" in (select "id" from "gate_persons" where ${where} order by ${order} limit ${limit} offset ${offset}) order by ${order}`,
  };
};

/** EXPLAIN (ANALYZE, BUFFERS) of statements, in a transaction rolled back (one of them writes) */
export const explainAll = async (cp: CountedPool, list: { label: string; stmt: Stmt }[]): Promise<Plan[]> => {
  const client = await cp.pool.connect();
  try {
    await client.query('begin');
    const out: Plan[] = [];
    for (const { label, stmt } of list) {
      const r = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${stmt.text}`, stmt.values);
      out.push({ label, sql: inline(stmt), plan: r.rows.map((x) => x['QUERY PLAN']).join('\n') });
    }
    return out;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
};

export const listBench = async (
  ctx: Ctx,
  opts: { connections: number; seconds: number; deepPage: number },
): Promise<ListFigures> => {
  const { base, auth, cp, log } = ctx;
  const call = async (page: number) => {
    const res = await fetch(`${base}${LIST}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ current: page, size: 10 }),
    });
    const body = (await res.json()) as { code: number; msg: string; data: { total: number; records: unknown[] } };
    if (body.code !== 0 || body.data.records.length !== 10)
      throw new Error(`GatePerson list page ${page}: ${body.msg}`);
    return body.data.total;
  };
  const total = await call(1);
  // page 1000 of 10 when there are that many (small datasets: the last full page)
  const deepPage = Math.max(2, Math.min(opts.deepPage, Math.floor(total / 10)));
  await call(deepPage);
  // the statements of one request of each kind, as the app sent them
  const first = (await cp.capture(() => call(1))).statements;
  const deep = (await cp.capture(() => call(deepPage))).statements;
  const groupsOf = (list: Stmt[]) =>
    concurrentGroups(list).map((g) => g.map((s) => ({ text: s.text, values: s.values })));
  const bareGroups = { 1: groupsOf(first), [deepPage]: groupsOf(deep) } as Record<
    number,
    { text: string; values: unknown[] }[][]
  >;

  const bare = Fastify({ logger: false });
  bare.post<{ Params: { page: string } }>('/bare/:page', async (req) => {
    const out: unknown[] = [];
    for (const g of bareGroups[Number(req.params.page)] ?? []) {
      const rs = await Promise.all(g.map((s) => cp.pool.query(s.text, s.values)));
      for (const r of rs) out.push(r.rows);
    }
    return { code: 0, data: out };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

  const rounds: ListFigures['rounds'] = [];
  const round = async (
    label: string,
    page: number,
    url: string,
    headers: Record<string, string>,
    seconds = opts.seconds,
  ) => {
    const r = await runLoad({
      url,
      body: JSON.stringify({ current: page, size: 10 }),
      headers,
      connections: opts.connections,
      seconds,
      expect: '"code":0',
    });
    log(
      `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${r.errors + r.timeouts + r.non2xx + r.mismatches}`,
    );
    return r;
  };
  try {
    await round('warm-up (app, page 1, 3 s)', 1, `${base}${LIST}`, auth, 3);
    rounds.push({ label: 'app route', page: 1, r: await round('app route, page 1', 1, `${base}${LIST}`, auth) });
    rounds.push({
      label: 'bare Fastify route, same SQL',
      page: 1,
      r: await round('bare route, page 1', 1, `${bareBase}/bare/1`, {}),
    });
    rounds.push({
      label: 'app route',
      page: deepPage,
      r: await round(`app route, page ${deepPage}`, deepPage, `${base}${LIST}`, auth),
    });
    rounds.push({
      label: 'bare Fastify route, same SQL',
      page: deepPage,
      r: await round(`bare route, page ${deepPage}`, deepPage, `${bareBase}/bare/${deepPage}`, {}),
    });
  } finally {
    await bare.close();
  }
  // the token lookup and the view-log insert take well under a millisecond: only the list's own statements are shown
  const own = (s: Stmt) => /from "gate_persons"/.test(s.text) && !/^insert/i.test(s.text);
  const deepRows = deep.find((s) => /offset/i.test(s.text));
  const plans = await explainAll(cp, [
    ...first.filter(own).map((s) => ({ label: `page 1, ${/count\(/.test(s.text) ? 'count' : 'rows'}`, stmt: s })),
    ...(deepRows ? [{ label: `page ${deepPage}, rows`, stmt: deepRows }] : []),
    // once the engine pages the ids itself (`id in (select id … offset)`), there is nothing to propose
    ...(deepRows && !/ in \(select /i.test(deepRows.text)
      ? [
          {
            label: `page ${deepPage}, rows — proposed: page the ids first (deferred join)`,
            stmt: deferredJoin(deepRows),
          },
        ]
      : []),
  ]);
  return {
    total,
    statements: first.map((s) => ({ text: s.text, values: s.values })),
    groups: concurrentGroups(first).map((g) => g.length),
    rounds,
    plans,
    captured: first,
    connections: opts.connections,
    seconds: opts.seconds,
  };
};
