/**
 * npm run cluster:fault — the failover drill on the cluster `npm run cluster:up` started (docs/adr/0007-failover.md):
 * logged-in writes through a real endpoint (新增楼栋, one small building each) at a steady rate, the primary's
 * postmaster killed with SIGKILL, writes kept going until they have succeeded again for a while; then: how long writes
 * failed, what the failed calls answered (every one must be 503 服务暂时不可用: none 500, none past the client's time
 * limit), whether every acknowledged building is on the new primary, whether the old primary came back as the
 * synchronous standby, and whether each server process's cluster bus and the job runner work on the new primary.
 * Prints the figures and writes them into docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { BUS_APPLICATION } from '../apps/server/src/core/bus/index.ts';
import { login } from './lib/app.ts';
import { machine, replaceSection, today, verdict } from './lib/report.ts';

const clusterDir = process.env.CLUSTER_DIR ?? '/tmp/5a-cluster';
const env = Object.fromEntries(
  readFileSync(join(clusterDir, 'cluster.env'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('='))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
) as Record<'DATABASE_URL' | 'APP_URL' | 'NODES', string>;
const nodes = env.NODES.split(',').map((n) => {
  const [name, pgPort, restPort] = n.split(':') as [string, string, string];
  return { name, pgPort: Number(pgPort), rest: `http://127.0.0.1:${restPort}` };
});
type Node = (typeof nodes)[number];

/** writers in parallel, each waiting this long between its calls: ~20–30 writes a second on 2 cores */
const WRITERS = Number(process.env.FAULT_WRITERS ?? 4);
const PAUSE_MS = Number(process.env.FAULT_PAUSE_MS ?? 100);
/** a call not answered within this is counted as hanging */
const CALL_LIMIT_MS = 15_000;
const WARM_MS = 5_000;
/** writes must succeed this long without a failure before the drill stops loading */
const STEADY_MS = 10_000;
const GIVE_UP_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const status = async (node: Node, path: string) =>
  fetch(`${node.rest}${path}`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.status,
    () => 0,
  );
const primaryNow = async () => {
  for (const n of nodes) if ((await status(n, '/primary')) === 200) return n;
  return undefined;
};
const waitFor = async (what: string, ms: number, check: () => Promise<boolean>) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(250);
  }
  console.log(`  gave up waiting for: ${what}`);
  return false;
};
const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
};

type Call = { sent: number; done: number; status: number; msg: string; id?: number };

const main = async () => {
  const started = Date.now();
  const before = await primaryNow();
  if (!before) throw new Error('no primary: is the cluster up (npm run cluster:up)?');
  const standby = nodes.find((n) => n !== before)!;
  if ((await status(standby, '/sync')) !== 200) throw new Error(`${standby.name} is not the synchronous standby`);
  const base = `${env.APP_URL}/xapi`;
  const auth = await login(base);
  const [village] = await query<{ id: number }>(
    `select v.id from villages v join users u on u.tenant_id = v.tenant_id where u.user_name = 'property' order by v.id limit 1`,
  );
  if (!village) throw new Error('no village of the demo company');
  const tag = `F${Date.now().toString(36)}`;
  console.log(`primary ${before.name}, synchronous standby ${standby.name}; ${WRITERS} writers, ${PAUSE_MS} ms apart`);

  const calls: Call[] = [];
  let seq = 0;
  let stop = false;
  const write = async (): Promise<Call> => {
    const sent = Date.now();
    const name = `${tag}-${++seq}`;
    try {
      const res = await fetch(`${base}/Web/Basic/Building/add`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ row: { village_id: village.id, name, units: 1, floors: 1, rooms_per_floor: 1 } }),
        signal: AbortSignal.timeout(CALL_LIMIT_MS),
      });
      const text = await res.text();
      let body: { code?: number; msg?: string; data?: { id?: number } } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        body = { msg: `(not JSON) ${text.slice(0, 60)}` };
      }
      const ok = res.status === 200 && body.code === 0 && typeof body.data?.id === 'number';
      return {
        sent,
        done: Date.now(),
        status: res.status,
        msg: ok ? 'ok' : String(body.msg),
        id: ok ? body.data!.id : undefined,
      };
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      return { sent, done: Date.now(), status: timedOut ? -1 : 0, msg: timedOut ? 'no answer (timeout)' : String(e) };
    }
  };
  const writers = Array.from({ length: WRITERS }, async () => {
    while (!stop) {
      calls.push(await write());
      await sleep(PAUSE_MS);
    }
  });

  await sleep(WARM_MS);
  const pidFile = join(clusterDir, before.name, 'data', 'postmaster.pid');
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const killedAt = Date.now();
  process.kill(postmaster, 'SIGKILL');
  console.log(`killed ${before.name}'s postmaster (pid ${postmaster}) with SIGKILL`);

  // load on until writes have succeeded for STEADY_MS with no failure since
  while (Date.now() - killedAt < GIVE_UP_MS) {
    await sleep(250);
    const after = calls.filter((c) => c.sent >= killedAt);
    const lastFail = Math.max(killedAt, ...after.filter((c) => c.id === undefined).map((c) => c.done));
    const okSince = after.filter((c) => c.id !== undefined && c.sent > lastFail);
    if (after.some((c) => c.id === undefined) && okSince.length && Date.now() - lastFail >= STEADY_MS) break;
    if (!after.some((c) => c.id === undefined) && Date.now() - killedAt >= 20_000) break;
  }
  stop = true;
  await Promise.all(writers);

  const after = calls.filter((c) => c.done >= killedAt);
  const failed = after.filter((c) => c.id === undefined);
  const lastFail = failed.length ? Math.max(...failed.map((c) => c.done)) : killedAt;
  const firstFail = failed.length ? Math.min(...failed.map((c) => c.done)) : killedAt;
  const recovered = after.find((c) => c.id !== undefined && c.sent >= lastFail);
  const outageSec = ((recovered?.done ?? Date.now()) - killedAt) / 1000;
  const byAnswer = new Map<string, number>();
  for (const c of failed) {
    const k = `${c.status} ${c.msg}`;
    byAnswer.set(k, (byAnswer.get(k) ?? 0) + 1);
  }
  const slowest = Math.max(0, ...after.map((c) => c.done - c.sent));
  const fiveHundreds = failed.filter((c) => c.status >= 500 && c.status !== 503).length;
  const hung = failed.filter((c) => c.status === -1).length;
  const not503 = failed.filter((c) => !(c.status === 503 && c.msg === '服务暂时不可用')).length;
  const acked = calls.filter((c) => c.id !== undefined).map((c) => c.id!);
  const present = await query<{ id: number }>('select id from buildings where id = any($1::bigint[])', [acked]);
  const lost = acked.length - present.length;
  const after2 = await primaryNow();
  console.log(
    `writes back ${outageSec.toFixed(1)} s after the kill (failures from +${((firstFail - killedAt) / 1000).toFixed(1)} s to +${((lastFail - killedAt) / 1000).toFixed(1)} s); new primary ${after2?.name ?? 'none'}`,
  );

  // the old primary: Patroni rewinds it and starts it as a standby, which becomes the synchronous one again
  const rejoined = await waitFor(`${before.name} to rejoin as the synchronous standby`, 90_000, async () => {
    return (await status(before, '/sync')) === 200;
  });
  const rejoinSec = (Date.now() - killedAt) / 1000;
  // each server process listens again (pg-listen reconnects), and the job runner completes runs on the new primary
  const workers = Number(process.env.APP_WORKERS ?? 2);
  let listening = 0;
  const busBack = await waitFor(`${workers} bus connections`, 60_000, async () => {
    const [r] = await query<{ n: number }>(
      `select count(*)::int n from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [BUS_APPLICATION],
    ).catch(() => [{ n: 0 }]);
    listening = r?.n ?? 0;
    return listening >= workers;
  });
  const recoveredAt = new Date(recovered?.done ?? Date.now());
  let jobsAfter = 0;
  const jobsBack = await waitFor('a job run completed after the failover', 60_000, async () => {
    const [r] = await query<{ n: number }>(
      `select count(*)::int n from pgboss.job where state = 'completed' and completed_on > $1`,
      [recoveredAt],
    ).catch(() => [{ n: 0 }]);
    jobsAfter = r?.n ?? 0;
    return jobsAfter > 0;
  });
  const appLog = readFileSync(join(clusterDir, 'app.log'), 'utf8');
  const restarts = (appLog.match(/服务进程 \d+ 退出/g) ?? []).length;
  const ready = await fetch(`${env.APP_URL}/health/ready`).then(
    (r) => r.status,
    () => 0,
  );

  const answers = [...byAnswer.entries()].map(([k, n]) => `${n} × ${k}`).join('; ') || 'none';
  const goals = {
    answers: not503 === 0 && fiveHundreds === 0 && hung === 0,
    lost: lost === 0,
    back: !!recovered && outageSec <= 30,
  };
  const rows: [string, string][] = [
    ['writes sent (all)', `${calls.length} (${acked.length} acknowledged)`],
    [
      'load',
      `${WRITERS} writers, ${PAUSE_MS} ms pause: ${(calls.length / ((Date.now() - started) / 1000)).toFixed(1)} writes/s`,
    ],
    ['primary before → after', `${before.name} → ${after2?.name ?? 'none'}`],
    ['writes succeed again after the kill', `${outageSec.toFixed(1)} s`],
    ['failed calls', `${failed.length}: ${answers}`],
    ['failed with 500 / no answer within 15 s', `${fiveHundreds} / ${hung}`],
    ['slowest call after the kill', `${(slowest / 1000).toFixed(2)} s`],
    ['acknowledged writes missing on the new primary', `${lost} of ${acked.length}`],
    [
      'old primary back as synchronous standby',
      rejoined ? `yes, ${rejoinSec.toFixed(1)} s after the kill` : 'no (within 90 s)',
    ],
    ['bus connections listening after', `${listening} of ${workers} server processes${busBack ? '' : ' (missing)'}`],
    ['job runs completed after recovery', `${jobsAfter}${jobsBack ? '' : ' (none within 60 s)'}`],
    ['server processes restarted', `${restarts}`],
    ['/health/ready after', `${ready}`],
  ];
  console.table(Object.fromEntries(rows));
  const section = [
    '<!-- failover:start -->',
    '## Failover: the primary killed under write load',
    '',
    '`npm run cluster:up && npm run cluster:fault` (`bench/failover.ts`; docs/adr/0007-failover.md). etcd, two Patroni',
    'nodes (PostgreSQL 15, `synchronous_mode`, `primary_start_timeout: 0`, ttl 10 s, loop_wait 1 s) and HAProxy (writes',
    'to the node answering `GET /primary`, checked every second, `on-marked-down shutdown-sessions`), the app with',
    "`WORKERS=2` on HAProxy's write port. Writers call 新增楼栋 (`/xapi/Web/Basic/Building/add`, a building with one",
    "house, audit row included) as the demo company; then `kill -9` of the primary's postmaster.",
    '',
    `${today()}, ${machine()}.`,
    '',
    '| figure | measured |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    // one goal a line, in the form the summary at the top of the report reads back
    `Goal: every failed call answers 503 服务暂时不可用, none 500, none hanging → ${verdict(goals.answers)} (${failed.length - not503} of ${failed.length} so; ${fiveHundreds} × 500, ${hung} hanging).`,
    `Goal: no acknowledged write lost → ${verdict(goals.lost)} (${lost} of ${acked.length}).`,
    `Goal: writes succeed again within 30 s of the kill → ${verdict(goals.back)} (${outageSec.toFixed(1)} s).`,
    '<!-- failover:end -->',
  ].join('\n');
  replaceSection('<!-- failover:start -->', '<!-- failover:end -->', section);
  if (!goals.answers || !goals.lost || !goals.back) process.exitCode = 1;
};

await main();
