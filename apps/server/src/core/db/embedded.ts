import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { openSocketPool, wrapPool, type DbHandle } from './client.ts';
import { clearInUse, markInUse } from './restore.ts';

type Reply = { id?: number; ok?: boolean; ready?: boolean; file?: string; error?: string };
const CALL_TIMEOUT_MS = 120_000;

/**
 * Starts the PGlite worker for DATA_DIR and connects one pg connection to its socket.
 * The socket lives in a fresh short tmp folder per open (unix socket paths are limited to ~100
 * bytes), removed on close; `socketRoot` places it elsewhere than the OS temp dir (a test watching
 * only its own folders). If the worker dies after start, `onCrash` is told (the server exits:
 * a server with a dead database must not keep answering).
 */
export const openEmbedded = async (
  dataDir: string,
  {
    keepBackups = 3,
    onCrash,
    socketRoot = tmpdir(),
  }: { keepBackups?: number; onCrash?: (err: unknown) => void; socketRoot?: string } = {},
): Promise<DbHandle & { isNew: boolean }> => {
  const isNew = !existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));
  const socketDir = mkdtempSync(join(socketRoot, '5a-pg-'));
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir, socketPath: join(socketDir, '.s.PGSQL.5432'), keepBackups },
  });
  let seq = 0;
  let closing = false;
  const pending = new Map<number, (r: Reply) => void>();
  const failAll = (error: string) => {
    for (const resolve of pending.values()) resolve({ ok: false, error });
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (r: Reply) => {
      if (r.ready) {
        worker.off('error', reject);
        return resolve();
      }
      if (r.id !== undefined) {
        pending.get(r.id)?.(r);
        pending.delete(r.id);
      }
    });
  });
  worker.on('error', (err) => {
    failAll(String(err));
    if (!closing) onCrash?.(err);
  });
  worker.on('exit', (code) => {
    failAll(`database worker exited (${code})`);
    if (!closing) onCrash?.(new Error(`database worker exited with code ${code}`));
  });
  const call = (op: 'backup' | 'close') =>
    new Promise<Reply>((resolve) => {
      const id = ++seq;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ ok: false, error: `${op} timed out` });
      }, CALL_TIMEOUT_MS);
      pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      worker.postMessage({ id, op });
    });
  const pool = openSocketPool(socketDir);
  markInUse(dataDir);
  return {
    ...wrapPool(pool, 'embedded', {
      backup: async () => {
        const r = await call('backup');
        if (!r.ok) throw new Error(r.error);
        return r.file ?? '';
      },
      close: async () => {
        closing = true;
        await pool.end();
        await call('close');
        await worker.terminate();
        rmSync(socketDir, { recursive: true, force: true });
        clearInUse(dataDir);
      },
    }),
    isNew,
  };
};
