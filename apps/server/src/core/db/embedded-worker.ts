/**
 * Owns the embedded PGlite database on its own thread and serves it on a unix socket, so the
 * HTTP event loop never runs a query itself (ADR 0001).
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync, readdirSync, rmSync, unlinkSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

type Init = { dataDir: string; socketPath: string; keepBackups: number };
const { dataDir, socketPath, keepBackups } = workerData as Init;

const pgDir = join(dataDir, 'pgdata');
const backupDir = join(dataDir, 'backups');
mkdirSync(pgDir, { recursive: true });
mkdirSync(backupDir, { recursive: true });
if (existsSync(socketPath)) unlinkSync(socketPath); // stale socket of a killed process

const db = await PGlite.create(pgDir);
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
await server.start();

/** A consistent copy: PGlite is single-threaded, so the dump sees no half-written transaction. */
const backup = async () => {
  const blob = await db.dumpDataDir('gzip');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(backupDir, `pgdata-${stamp}.tar.gz`);
  writeFileSync(`${file}.tmp`, Buffer.from(await blob.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
  const old = readdirSync(backupDir)
    .filter((f) => f.endsWith('.tar.gz'))
    .sort()
    .slice(0, -keepBackups);
  for (const f of old) rmSync(join(backupDir, f));
  return file;
};

parentPort?.on('message', async (msg: { id: number; op: 'backup' | 'close' }) => {
  try {
    if (msg.op === 'backup') parentPort?.postMessage({ id: msg.id, ok: true, file: await backup() });
    if (msg.op === 'close') {
      await server.stop();
      await db.close();
      parentPort?.postMessage({ id: msg.id, ok: true });
    }
  } catch (e) {
    parentPort?.postMessage({ id: msg.id, ok: false, error: String(e) });
  }
});
parentPort?.postMessage({ ready: true });
