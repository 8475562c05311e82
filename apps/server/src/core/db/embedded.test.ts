/**
 * The embedded database end to end (ADR 0001): worker + socket start (even over a stale socket),
 * migrate, read/write through the pg driver, and a backup that really restores.
 */
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './embedded.ts';
import { migrate } from './migrate.ts';
import { loginFailures } from './schema.ts';

// same path openEmbedded derives; a killed server of this pid would have left its socket here
const socketPath = join(tmpdir(), `5a-pg-${process.pid}`, '.s.PGSQL.5432');
const dataDir = mkdtempSync(join(tmpdir(), '5a-embedded-test-'));

/** A real leftover unix socket: a process listens on the path and dies by SIGKILL, so nothing unlinks it. */
const leaveStaleSocket = async (path: string) => {
  mkdirSync(dirname(path), { recursive: true });
  const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`]);
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`listener exited early (${code})`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
};

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dirname(socketPath), { recursive: true, force: true });
});

describe('embedded database', () => {
  it('starts over a stale socket, stores rows, and backs up to a restorable .tar.gz', async () => {
    await leaveStaleSocket(socketPath);
    expect(lstatSync(socketPath).isSocket()).toBe(true);

    const handle = await openEmbedded(dataDir);
    try {
      expect(handle.kind).toBe('embedded');
      expect(handle.isNew).toBe(true);
      await migrate(handle.db);

      await handle.db.insert(loginFailures).values({ kind: 'web', userName: 'backup-probe', ip: '127.0.0.1' });
      const rows = await handle.db.select().from(loginFailures).where(eq(loginFailures.userName, 'backup-probe'));
      expect(rows).toHaveLength(1);

      const file = await handle.backup?.();
      expect(file).toMatch(/\.tar\.gz$/);
      expect(dirname(file ?? '')).toBe(join(dataDir, 'backups'));
      expect(existsSync(file ?? '')).toBe(true);

      // restore into a fresh in-memory PGlite: the row must be there
      const restored = await PGlite.create({ loadDataDir: new Blob([readFileSync(file ?? '')], { type: 'application/gzip' }) });
      try {
        const r = await restored.query<{ n: number }>(`select count(*)::int as n from login_failures where user_name = 'backup-probe'`);
        expect(r.rows[0]?.n).toBe(1);
      } finally {
        await restored.close();
      }

      // retention: only the newest 3 backups stay
      for (let i = 0; i < 3; i++) await handle.backup?.();
      const kept = readdirSync(join(dataDir, 'backups')).filter((f) => f.endsWith('.tar.gz'));
      expect(kept).toHaveLength(3);
      expect(kept).not.toContain(file?.split('/').at(-1));
    } finally {
      await handle.close();
    }

    // the data folder survives a restart of the worker
    const again = await openEmbedded(dataDir);
    try {
      expect(again.isNew).toBe(false);
      const rows = await again.db.select().from(loginFailures).where(eq(loginFailures.userName, 'backup-probe'));
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
