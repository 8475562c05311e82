/**
 * Barrier cameras as a load generator child: each device posts its signed events one after another (the next
 * after the lane's answer), all devices at once, over keep-alive HTTP — in its own process, so signing and
 * sending do not run on the server's event loop. Started by `runGateLoad` (fork with the tsx loader).
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { signEvent } from '../../apps/server/src/modules/parking/device-auth.ts';

export type DeviceEvent = { code: string; secret: string; body: Record<string, unknown> };
export type GateLoadSpec = { url: string; devices: DeviceEvent[][] };
export type GateLoadResult = { latencies: number[]; wallMs: number; refused: string[] };

const post = (agent: http.Agent, url: URL, headers: Record<string, string>, body: string) =>
  new Promise<string>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const run = async (spec: GateLoadSpec): Promise<GateLoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.devices.length });
  const url = new URL(spec.url);
  const latencies: number[] = [];
  const refused: string[] = [];
  const t0 = performance.now();
  await Promise.all(
    spec.devices.map(async (events) => {
      for (const e of events) {
        const raw = JSON.stringify(e.body);
        const ts = String(Date.now());
        const s = performance.now();
        const text = await post(
          agent,
          url,
          {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(raw)),
            'x-device-code': e.code,
            'x-timestamp': ts,
            'x-signature': signEvent(e.secret, ts, raw),
          },
          raw,
        );
        latencies.push(performance.now() - s);
        const env = JSON.parse(text) as { code: number; msg: string };
        if (env.code !== 0) refused.push(env.msg);
      }
    }),
  );
  const wallMs = performance.now() - t0;
  agent.destroy();
  return { latencies, wallMs, refused };
};

/** one round of all devices in a child process; killed if it overruns `limitMs` */
export const runGateLoad = (spec: GateLoadSpec, limitMs = 240_000) =>
  new Promise<GateLoadResult>((resolve, reject) => {
    const c = fork(fileURLToPath(import.meta.url), ['--child'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      c.kill('SIGKILL');
      reject(new Error(`gate load overran ${limitMs} ms`));
    }, limitMs);
    c.once('message', (m) => {
      clearTimeout(timer);
      const msg = m as { ok: true; r: GateLoadResult } | { ok: false; error: string };
      c.disconnect();
      if (msg.ok) resolve(msg.r);
      else reject(new Error(msg.error));
    });
    c.once('error', reject);
    c.once('spawn', () => c.send(spec));
  });

if (process.argv.includes('--child') && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (m) => {
    run(m as GateLoadSpec).then(
      (r) => process.send?.({ ok: true, r }),
      (e: unknown) => process.send?.({ ok: false, error: String(e) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
