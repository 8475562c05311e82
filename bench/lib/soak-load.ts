/**
 * The soak's load generator child: one autocannon instance per operation, all at once for the same seconds, each
 * with its own connections, bodies and counts, plus a few alert event streams held open the whole round. In its
 * own process (fork with the tsx loader), so the client's work does not run on a server's event loop. The bodies
 * are made per request in `setupRequest` (a fresh bill each payment, a new event id and signature each device
 * call), so the specs cross the IPC as data.
 */
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { inChild, serveChild } from './child.ts';
import { carIn, carOut, doorPassage, signedHeaders, type Device, type Lane, type Person } from './device-events.ts';

/** what a request of the operation carries; `tag` keeps a warm-up's and a round's event ids and codes apart */
export type OpBody =
  | { kind: 'cycle'; bodies: unknown[] }
  | { kind: 'edit'; ids: number[] }
  | { kind: 'import'; tag: string; rows: number }
  | { kind: 'charge'; billIds: number[] }
  | { kind: 'gate'; lanes: Lane[]; tag: string; plate: string }
  | { kind: 'door'; terminals: Device[]; people: Person[]; tag: string; strangerEvery: number };
export type OpSpec = { name: string; path: string; connections: number; max: number; expect: string; body: OpBody };
export type SoakSpec = {
  base: string;
  headers: Record<string, string>;
  seconds: number;
  ops: OpSpec[];
  streams: { path: string; count: number };
};
export type OpResult = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  s5xx: number;
};
export type SoakResult = { ops: OpResult[]; streamEvents: number[]; streamErrors: string[] };

type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Ctx = Record<string, unknown>;

/** the autocannon request sequence of one operation: JSON bodies made per request, device calls signed */
const requestsOf = (spec: SoakSpec, op: OpSpec) => {
  const json = (body: unknown, extra: Record<string, string> = {}): Req => ({
    method: 'POST',
    path: `${new URL(spec.base).pathname}${op.path}`,
    headers: { 'content-type': 'application/json', ...spec.headers, ...extra },
    body: JSON.stringify(body),
  });
  const signed = (d: Device, body: unknown): Req => {
    const raw = JSON.stringify(body);
    return {
      method: 'POST',
      path: `${new URL(spec.base).pathname}${op.path}`,
      headers: signedHeaders(d, raw),
      body: raw,
    };
  };
  let k = 0;
  const b = op.body;
  switch (b.kind) {
    case 'cycle':
      return [{ setupRequest: () => json(b.bodies[k++ % b.bodies.length]) }];
    case 'edit':
      return [{ setupRequest: () => json({ row: { id: b.ids[k % b.ids.length], remark: `压测编辑 ${k++}` } }) }];
    case 'import':
      return [
        {
          setupRequest: () => {
            const i = k++;
            const rows = Array.from({ length: b.rows }, (_, r) => ({
              岗位名称: `压测导入${b.tag}${i}-${r}`,
              岗位编码: `soak-imp-${b.tag}-${i}-${r}`,
              状态: r % 2 ? '停用' : '正常',
            }));
            return json({ rows });
          },
        },
      ];
    case 'charge':
      // every bill once; when they run out the operation has its count (max) and stops
      return [
        {
          setupRequest: () => {
            const id = b.billIds[Math.min(k, b.billIds.length - 1)];
            return json({ data: { ids: [id], type: 1, payway: 2, orderNum: `SOAK-${b.billIds.length}-${k++}` } });
          },
        },
      ];
    case 'gate':
      // a car in (five minutes ago, inside the free minutes), then the same car out on the lane's exit camera
      return [
        {
          setupRequest: (_: Req, ctx: Ctx) => {
            const i = k++;
            const car = {
              lane: b.lanes[i % b.lanes.length]!,
              plate: `京${b.plate}${String(i % 100000).padStart(5, '0')}`,
              id: `${b.tag}-${i}`,
            };
            ctx.car = car;
            return signed(car.lane.entry, carIn(car.id, car.plate, 5));
          },
        },
        {
          setupRequest: (_: Req, ctx: Ctx) => {
            const car = ctx.car as { lane: Lane; plate: string; id: string };
            return signed(car.lane.exit, carOut(car.id, car.plate));
          },
        },
      ];
    case 'door':
      // residents by face or card in turn, a stranger now and then (which raises an alert the streams receive)
      return [
        {
          setupRequest: () => {
            const i = k++;
            const body = doorPassage(`${b.tag}-${i}`, i, b.people[i % b.people.length]!, b.strangerEvery);
            return signed(b.terminals[i % b.terminals.length]!, body);
          },
        },
      ];
  }
};

const runOp = (spec: SoakSpec, op: OpSpec) =>
  new Promise<OpResult>((resolve, reject) => {
    autocannon(
      {
        url: new URL(spec.base).origin,
        connections: op.connections,
        duration: spec.seconds,
        // bounded in count as well as time: a payment needs an unpaid bill of its own
        maxOverallRequests: op.max,
        timeout: 20,
        requests: requestsOf(spec, op) as autocannon.Request[],
        verifyBody: (body) => String(body ?? '').includes(op.expect),
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          name: op.name,
          requests: r.requests.total,
          rps: r.requests.total / spec.seconds,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          errors: r.errors,
          timeouts: r.timeouts,
          mismatches: r.mismatches,
          non2xx: r.non2xx,
          s5xx: r['5xx'],
        });
      },
    );
  });

/** an alert event stream held open until `until`; counts the alerts it receives (not its `ready` event or heartbeats) */
const holdStream = async (spec: SoakSpec, until: AbortSignal) => {
  const res = await fetch(`${spec.base}${spec.streams.path}`, {
    signal: until,
    headers: { ...spec.headers, accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body) throw new Error(`event stream: HTTP ${res.status}`);
  let events = 0;
  let buf = '';
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('event stream closed by the server');
      buf += dec.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        if (/^event: abnormal$/m.test(buf.slice(0, i))) events++;
        buf = buf.slice(i + 2);
      }
    }
  } catch (e) {
    if (until.aborted) return events;
    throw e;
  }
};

const run = async (spec: SoakSpec): Promise<SoakResult> => {
  const stop = new AbortController();
  const streamErrors: string[] = [];
  const streams = Array.from({ length: spec.streams.count }, () =>
    holdStream(spec, stop.signal).catch((e: unknown) => {
      streamErrors.push(String(e));
      return 0;
    }),
  );
  try {
    const ops = await Promise.all(spec.ops.map((op) => runOp(spec, op)));
    // the last alerts reach the streams
    await new Promise((r) => setTimeout(r, 500));
    stop.abort();
    return { ops, streamEvents: await Promise.all(streams), streamErrors };
  } finally {
    stop.abort();
  }
};

/** one soak round in a child process; the child is killed if it overruns by 60 s */
export const runSoakLoad = (spec: SoakSpec) =>
  inChild<SoakSpec, SoakResult>(fileURLToPath(import.meta.url), spec, (spec.seconds + 60) * 1000, 'soak load');

serveChild(import.meta.url, run);
