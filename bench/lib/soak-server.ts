/**
 * The server as `npm start` runs it — `node apps/server/src/main.ts` in its own process, WORKERS cluster workers
 * included — on a prepared database, for benchmarks that measure the server process(es) themselves (RSS).
 * Its log goes to a file, so a 5xx's stack can be read afterwards.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { login } from './app.ts';

const main = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

export type ServerProcess = {
  base: string;
  /** the processes that serve requests: the workers under a cluster primary, else the one process */
  servingPids: () => number[];
  /** resident set (MB) of each serving process */
  rssMb: () => number[];
  stop: () => Promise<void>;
};

const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** starts main.ts on `port` with `env` (DATABASE_URL or DATA_DIR, WORKERS); resolves once a login succeeds */
export const startServer = async (
  port: number,
  env: Record<string, string>,
  logFile: string,
  workers = 1,
): Promise<ServerProcess> => {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(workers),
      WEB_DIST: '/nonexistent',
      LOGIN_RATE_LIMIT: '1000',
      CONFIG_SECRET_KEY: 'bench-config-secret-key',
      BACKUP_INTERVAL_MIN: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}/xapi`;
  const pid = child.pid!;
  const servingPids = () => (workers > 1 ? childrenOf(pid) : [pid]);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => {
      child.kill('SIGKILL');
      for (const p of workers > 1 ? servingPids() : []) process.kill(p, 'SIGKILL');
    }, 30_000);
    await exited;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${logFile}`);
    try {
      await login(base);
      // every worker answers: the cluster forks them one after another
      if (servingPids().length >= workers) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start in 180 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, servingPids, rssMb: () => servingPids().map(rssOf), stop };
};
