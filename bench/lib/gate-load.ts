/**
 * Barrier cameras as a load generator child: each device posts its signed events one after another (the next
 * after the lane's answer), all devices at once, each over its own keep-alive HTTP/1.1 connection — in its own
 * process, so signing and sending do not run on the server's event loop. Started by `runGateLoad` (fork with the tsx loader).
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { inChild, serveChild } from './child.ts';
import { signedHeaders, type Device } from './device-events.ts';

export type DeviceEvent = Device & { body: Record<string, unknown> };
/** `warmup`: each device's events sent first over the same connections and not measured (JIT, plan caches) */
export type GateLoadSpec = { url: string; devices: DeviceEvent[][]; warmup: DeviceEvent[][] };
export type GateLoadResult = { latencies: number[]; wallMs: number; refused: string[] };

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One camera's keep-alive connection, one request at a time, as a camera sends them. Written on a bare socket
 * rather than node:http: the generator shares the two cores with the server and the database, and node's client
 * costs it about three times the CPU per request — CPU the figures would otherwise take from the server.
 */
type Camera = { post: (headers: Record<string, string>, body: string) => Promise<string>; close: () => void };

const cameraConnection = async (url: URL): Promise<Camera> => {
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let pending: Buffer = Buffer.alloc(0);
  let waiting: { resolve: (body: string) => void; reject: (e: Error) => void } | null = null;
  const answer = (settle: (w: NonNullable<typeof waiting>) => void) => {
    const w = waiting;
    waiting = null;
    if (w) settle(w);
  };
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    const end = pending.indexOf(HEAD_END);
    if (end < 0) return;
    const head = pending.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return answer((w) => w.reject(new Error(`answer without content-length: ${head}`)));
    const bodyEnd = end + 4 + Number(length[1]);
    if (pending.length < bodyEnd) return;
    const body = pending.subarray(end + 4, bodyEnd).toString('utf8');
    pending = pending.subarray(bodyEnd);
    answer((w) => w.resolve(body));
  });
  socket.on('error', (e) => answer((w) => w.reject(e)));
  socket.on('close', () => answer((w) => w.reject(new Error('connection closed'))));
  return {
    post: (headers: Record<string, string>, body: string) =>
      new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject };
        const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
        socket.write(`POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\n${lines.join('')}\r\n${body}`);
      }),
    close: () => socket.destroy(),
  };
};

/** every device sends its events, the next after the answer; the latencies and refusals of the round */
const round = async (cameras: Camera[], devices: DeviceEvent[][]) => {
  const latencies: number[] = [];
  const refused: string[] = [];
  await Promise.all(
    devices.map(async (events, d) => {
      for (const e of events) {
        const raw = JSON.stringify(e.body);
        const s = performance.now();
        const text = await cameras[d]!.post(
          { ...signedHeaders(e, raw), 'content-length': String(Buffer.byteLength(raw)) },
          raw,
        );
        latencies.push(performance.now() - s);
        const env = JSON.parse(text) as { code: number; msg: string };
        if (env.code !== 0) refused.push(env.msg);
      }
    }),
  );
  return { latencies, refused };
};

const run = async (spec: GateLoadSpec): Promise<GateLoadResult> => {
  const url = new URL(spec.url);
  const cameras = await Promise.all(spec.devices.map(() => cameraConnection(url)));
  try {
    const warm = await round(cameras, spec.warmup);
    if (warm.refused.length) return { latencies: [], wallMs: 0, refused: warm.refused };
    const t0 = performance.now();
    const r = await round(cameras, spec.devices);
    return { ...r, wallMs: performance.now() - t0 };
  } finally {
    for (const c of cameras) c.close();
  }
};

/** one round of all devices in a child process; killed if it overruns `limitMs` */
export const runGateLoad = (spec: GateLoadSpec, limitMs = 240_000) =>
  inChild<GateLoadSpec, GateLoadResult>(fileURLToPath(import.meta.url), spec, limitMs, 'gate load');

serveChild(import.meta.url, run);
