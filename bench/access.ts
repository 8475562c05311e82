/**
 * Door passages under load: 50 face terminals of one village post signed passages at once to the real app from a
 * load-generator process — residents by face (a match above the village's threshold) and by card, and every
 * fiftieth a stranger, which also raises a face-comparison alert. Each passage is authenticated (HMAC), matched
 * (replay, resident, card) and recorded, the passages of one event-loop turn sharing one statement for each. First every device sends 20 passages unmeasured:
 * what is measured is the rate the server sustains. Beside it: the same rows written by a bare single-row INSERT
 * each, 50 at a time on the same pool, into a copy of the table (same indexes and ON CONFLICT).
 * On the embedded database as `npm start` runs it and on PostgreSQL (BENCH_DATABASE_URL's server, else a throwaway
 * one), where the goal is judged. Rewrites its scale's part of `<!-- access:start/end -->` in docs/benchmarks.md.
 *
 * Run: node --import tsx bench/access.ts [--scale small|medium|large]  (hard stop at 5 min)
 */
import { sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { onBoth, onEmbedded } from './lib/seeded-db.ts';
import { login, startApp } from './lib/app.ts';
import { isSmoke, machine, ms, n, percentile, replaceScaledSection, today, verdict } from './lib/report.ts';
import { scaleArg, watchdog } from './lib/bench-db.ts';
import type { Db } from '../apps/server/src/core/db/client.ts';
import { runGateLoad, type DeviceEvent } from './lib/gate-load.ts';
import { doorPassage, type Device, type Person } from './lib/device-events.ts';
import { addFaceTerminals, seedResidentCards } from './lib/device-seed.ts';

const scale = scaleArg('medium');
const DEVICES = 50;
const PASSAGES = isSmoke() ? 8 : scale === 'small' ? 40 : 200;
const WARMUP = isSmoke() ? 4 : 20;
const STRANGER_EVERY = 50;
const GOAL_EVENTS_PER_S = 2000;
watchdog('bench:access', 5 * 60_000);

type Side = { eventsPerS: number; p50: number; p99: number; events: number };
type Result = { setup: string; app: Side; bare: Side; alerts: number };

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const side = (latencies: number[], wallMs: number): Side => {
  const s = [...latencies].sort((a, b) => a - b);
  return { eventsPerS: (s.length / wallMs) * 1000, p50: percentile(s, 50), p99: percentile(s, 99), events: s.length };
};

/** each device's passages: residents in turn by face or card, a stranger now and then */
const passagesOf = (t: Device, d: number, prefix: string, count: number, people: Person[]) =>
  Array.from({ length: count }, (_, k): DeviceEvent => ({
    ...t,
    body: doorPassage(`${prefix}-${k}`, k, people[(d * count + k) % people.length]!, STRANGER_EVERY),
  }));

const viaApp = async (db: Db) => {
  const { app, base } = await startApp(db);
  try {
    const [v] = rowsOf<{ id: number }>(await db.execute(sql`select id from villages where name = '阳光花园'`));
    // approved residents with a card each: the doors' ordinary traffic
    const people = await seedResidentCards(db, v!.id, 'BENCH');
    const auth = await login(base);
    const terminals = await addFaceTerminals(base, auth, {
      villageId: v!.id,
      count: DEVICES,
      prefix: 'BENCH',
      name: '基准人脸机',
    });
    const r = await runGateLoad({
      url: `${base}/Iot/Device/event`,
      devices: terminals.map((t, d) => passagesOf(t, d, 'm', PASSAGES, people)),
      warmup: terminals.map((t, d) => passagesOf(t, d, 'w', WARMUP, people)),
    });
    if (r.refused.length) throw new Error(`passage refused: ${r.refused[0]}`);
    return side(r.latencies, r.wallMs);
  } finally {
    await app.close();
  }
};

/** the measured rows, inserted again one statement each, 50 at a time, into a copy of the table */
const bare = async (db: Db) => {
  await db.execute(sql`create table bench_access_records (like access_records including all)`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select r.tenant_id, r.village_id, r.device_id, r.event_id, r.person_id, r.person_name, r.sex,
      r.img, r.jctype, r.open_type, r.credential, r.door, r.similarity, r.created_at::text
      from access_records r join access_devices d on d.id = r.device_id
      where d.gateno like 'BENCH-FACE-%' and r.event_id like 'm-%' order by r.id`),
  );
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: DEVICES }, async () => {
      while (next < rows.length) {
        const r = rows[next++]!;
        const s = performance.now();
        await db.execute(sql`insert into bench_access_records (tenant_id, village_id, device_id, event_id, person_id,
            person_name, sex, img, jctype, open_type, credential, door, similarity, created_at)
          values (${r.tenant_id}, ${r.village_id}, ${r.device_id}, ${r.event_id}, ${r.person_id}, ${r.person_name},
            ${r.sex}, ${r.img}, ${r.jctype}, ${r.open_type}, ${r.credential}, ${r.door}, ${r.similarity}::numeric,
            ${r.created_at}::timestamptz)
          on conflict (tenant_id, device_id, event_id) do nothing`);
        latencies.push(performance.now() - s);
      }
    }),
  );
  return side(latencies, performance.now() - t0);
};

const results = await onBoth<Result>(async (setup, db) => {
  const app = await viaApp(db);
  const [a] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from abnormal_alerts a join access_records r
      on a.source = 'access_record' and a.source_id = r.id::text
      join access_devices d on d.id = r.device_id where d.gateno like 'BENCH-FACE-%' and r.event_id like 'm-%'`),
  );
  const b = await bare(db);
  console.log(setup, { app, bare: b, alerts: a!.n });
  return { setup, app, bare: b, alerts: a!.n };
}, onEmbedded);

const row = (label: string, s: Side) =>
  `| ${label} | ${n(s.events)} | ${n(s.eventsPerS)} | ${ms(s.p50)} | ${ms(s.p99)} |`;
const judged = (r: Result) => r.setup.startsWith('PostgreSQL');
const met = (r: Result) => r.app.eventsPerS >= GOAL_EVENTS_PER_S;
const goalLine = (r: Result) =>
  judged(r)
    ? `Goal: ≥ ${n(GOAL_EVENTS_PER_S)} signed passages/s at ${DEVICES} devices → ${verdict(met(r))} (${n(r.app.eventsPerS)}/s, p99 ${ms(r.app.p99)} ms; ${(r.app.eventsPerS / r.bare.eventsPerS).toFixed(2)} of the bare INSERT's rate)`
    : `Sizing, not held to the goal: the embedded database takes about ${n(r.app.eventsPerS)} passages/s here; estates whose doors send more run on PostgreSQL (DATABASE_URL).`;
const part = [
  `### ${scale}: ${DEVICES} face terminals × ${PASSAGES} passages (${n(DEVICES * PASSAGES)}) — ${today()}`,
  '',
  `Machine: ${machine()}; load average at the end ${loadavg()[0]!.toFixed(2)}.`,
  '',
  ...results.flatMap((r) => [
    `**${r.setup}** — strangers alerted: ${n(r.alerts)}`,
    '',
    '| path | passages | passages/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|---:|',
    row('app: signed POST, match, record (alert for strangers)', r.app),
    row('bare single-row INSERT, same rows', r.bare),
    '',
    goalLine(r),
    '',
  ]),
].join('\n');
replaceScaledSection(
  'access',
  'Door passages (access control)',
  'Fifty face terminals post signed passages at once to the real app from a load-generator process (HMAC check, ' +
    'replay/resident/card match and record, the passages arriving together sharing one statement each; one passage in fifty is a stranger and raises a ' +
    'face-comparison alert), after an unmeasured warm-up, against a bare single-row INSERT of the same rows on the ' +
    'same database. The load generator shares the machine’s two cores with the server and the database.',
  scale,
  part,
);

if (!isSmoke() && results.some((r) => judged(r) && !met(r))) process.exitCode = 1;
