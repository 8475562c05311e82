/**
 * A throwaway PostgreSQL for benchmarks, started the way .ci/run starts the CI one: initdb into a
 * new temp dir (as user postgres when we are root), pg_ctl on a free non-default port, a unix
 * socket in the same dir, loopback only, fsync off. `stop()` stops it and removes the dir.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ThrowawayPg = {
  url: string;
  dir: string;
  port: number;
  version: string;
  settings: string;
  stop: () => void;
  stopCommand: string;
};

/** the newest /usr/lib/postgresql/N/bin, else wherever initdb is on PATH */
const pgBin = () => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length) return join(root, versions.at(-1)!, 'bin');
  const found = execFileSync('sh', ['-c', 'command -v initdb || true'], { encoding: 'utf8' }).trim();
  if (!found)
    throw new Error('PostgreSQL binaries not found (initdb): install postgresql or pass --db / BENCH_DATABASE_URL');
  return found.replace(/\/initdb$/, '');
};

/** a port the kernel just gave out on 127.0.0.1, never 5432 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => (port === 5432 ? freePort().then(resolve, reject) : resolve(port)));
    });
  });

const uidOf = (user: string) => Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
const gidOf = (user: string) => Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());

/** Server settings for a bulk-loaded benchmark database: what .ci/run sets plus memory for sorts and index builds. */
const SETTINGS = [
  'fsync=off',
  'shared_buffers=1GB',
  'maintenance_work_mem=512MB',
  'work_mem=16MB',
  'max_wal_size=4GB',
  'max_connections=200',
];

/** `port`: a fixed port (a bench given a range of ports), else one the kernel gives out */
export const startThrowawayPg = async (fixedPort?: number): Promise<ThrowawayPg> => {
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), '5a-bench-pg.'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  let started = false;
  const stop = () => {
    try {
      if (started) run('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C']);
    const port = fixedPort ?? (await freePort());
    const opts = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...SETTINGS.map((s) => `-c ${s}`)].join(
      ' ',
    );
    run('pg_ctl', ['-D', dir, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
    started = true;
    const version = execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' })
      .trim()
      .replace(/^postgres \(PostgreSQL\) /, '');
    const stopCommand = `${asRoot ? 'runuser -u postgres -- ' : ''}${join(bin, 'pg_ctl')} -D ${dir} -m fast stop && rm -rf ${dir}`;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      dir,
      port,
      version,
      settings: ['listen_addresses=127.0.0.1', ...SETTINGS].join(', '),
      stop,
      stopCommand,
    };
  } catch (e) {
    stop();
    throw e;
  }
};
