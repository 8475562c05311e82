/**
 * GET /health prober in a child process: one keep-alive connection, one request at a time, for as
 * long as the parent says (latency, not queueing, is what it measures), so the client is not
 * stalled by the event loop it measures. Used by bench/embedded.ts and bench/export-scale.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, get as httpGet } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from './report.ts';

type ToProbe = { op: 'start'; url: string; maxMs: number } | { op: 'stop' };
type FromProbe = { op: 'started' } | { op: 'done'; latencies: number[]; errors: number };
export type ProbeStats = { count: number; errors: number; p50: number; p95: number; p99: number; max: number };
export type HealthProbe = ReturnType<typeof healthProbe>;

const getOnce = (url: string, agent: Agent) =>
  new Promise<void>((resolve, reject) => {
    const req = httpGet(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
  });

const child = () => {
  let stopped = false;
  process.on('message', (raw) => {
    const m = raw as ToProbe;
    if (m.op === 'stop') {
      stopped = true;
      return;
    }
    stopped = false;
    void (async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const latencies: number[] = [];
      let errors = 0;
      for (let i = 0; i < 20; i++) await getOnce(m.url, agent).catch(() => undefined); // warm up the connection
      process.send?.({ op: 'started' } satisfies FromProbe);
      const deadline = performance.now() + m.maxMs;
      while (!stopped && performance.now() < deadline) {
        const t = performance.now();
        try {
          await getOnce(m.url, agent);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
      agent.destroy();
      process.send?.({ op: 'done', latencies, errors } satisfies FromProbe);
    })();
  });
  process.on('disconnect', () => process.exit(0));
};

/** The next message of kind `op` from a benchmark's child process, or an error after `ms`. */
const nextMessage = <M extends { op: string }, K extends M['op']>(
  child: ChildProcess,
  op: K,
  ms: number,
  who: string,
) =>
  new Promise<Extract<M, { op: K }>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', on);
      reject(new Error(`${who}: no '${op}' within ${ms} ms`));
    }, ms);
    const on = (raw: unknown) => {
      const m = raw as M;
      if (m.op !== op) return;
      clearTimeout(timer);
      child.off('message', on);
      resolve(m as Extract<M, { op: K }>);
    };
    child.on('message', on);
  });

const next = <K extends FromProbe['op']>(c: ChildProcess, op: K, ms: number) =>
  nextMessage<FromProbe, K>(c, op, ms, 'health probe');

/** A prober child; `during(url, work)` probes url while work runs and summarises the latencies. */
export const healthProbe = () => {
  const c = fork(fileURLToPath(import.meta.url), ['--probe'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const during = async <T>(
    url: string,
    work: () => Promise<T>,
    maxMs = 120_000,
  ): Promise<{ value: T; stats: ProbeStats }> => {
    const started = next(c, 'started', 15_000);
    c.send({ op: 'start', url, maxMs } satisfies ToProbe);
    await started;
    const done = next(c, 'done', maxMs + 15_000);
    let value: T;
    try {
      value = await work();
    } catch (e) {
      c.send({ op: 'stop' } satisfies ToProbe);
      await done.catch(() => undefined);
      throw e;
    }
    c.send({ op: 'stop' } satisfies ToProbe);
    const { latencies, errors } = await done;
    const s = [...latencies].sort((a, b) => a - b);
    return {
      value,
      stats: {
        count: s.length,
        errors,
        p50: percentile(s, 50),
        p95: percentile(s, 95),
        p99: percentile(s, 99),
        max: s.at(-1) ?? NaN,
      },
    };
  };
  return { during, close: () => c.connected && c.disconnect() };
};

if (process.argv.includes('--probe') && process.argv[1] === fileURLToPath(import.meta.url)) child();
