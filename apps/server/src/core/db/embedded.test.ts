/**
 * The embedded database end to end (ADR 0001): worker + socket start (a fresh socket folder per open),
 * migrate, read/write through the pg driver, and a backup that really restores.
 */
import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './embedded.ts';
import { migrate } from './migrate.ts';
import { executePrepared } from './prepared.ts';
import { loginFailures } from '../../modules/auth/schema.ts';

const dataDir = mkdtempSync(join(tmpdir(), '5a-embedded-test-'));
// the sockets of this file's servers go to a folder of its own: other embedded servers on the machine
// (a dev server, e2e, another test run) make and remove theirs in the OS temp dir meanwhile
const socketRoot = mkdtempSync(join(tmpdir(), '5a-embedded-sock-'));
const socketDirs = () => readdirSync(socketRoot).filter((f) => f.startsWith('5a-pg-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(socketRoot, { recursive: true, force: true });
});

describe('embedded database', () => {
  // a first start, a migration and four backups: half a minute on a busy 2-core machine, so a wider budget
  it(
    'stores rows, backs up to a restorable .tar.gz and removes its socket folder on close',
    { timeout: 120_000 },
    async () => {
      const handle = await openEmbedded(dataDir, { socketRoot });
      expect(socketDirs()).toHaveLength(1);
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
        const restored = await PGlite.create({
          loadDataDir: new Blob([readFileSync(file ?? '')], { type: 'application/gzip' }),
        });
        try {
          const r = await restored.query<{ n: number }>(
            `select count(*)::int as n from login_failures where user_name = 'backup-probe'`,
          );
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
      expect(socketDirs()).toEqual([]);

      // the data folder survives a restart of the worker
      const again = await openEmbedded(dataDir, { socketRoot });
      try {
        expect(socketDirs()).toHaveLength(1);
        expect(again.isNew).toBe(false);
        const rows = await again.db.select().from(loginFailures).where(eq(loginFailures.userName, 'backup-probe'));
        expect(rows).toHaveLength(1);
      } finally {
        await again.close();
      }
      expect(socketDirs()).toEqual([]);
    },
  );

  // The one PGlite session behind the socket outlives any pg connection to it: a named statement parsed on an
  // earlier connection must not make the next connection's Parse of the same name fail.
  const probe = (handle: { db: Parameters<typeof executePrepared>[0] }, n: number) =>
    executePrepared<{ n: number }>(handle.db, 'embedded_probe', sql`select ${n}::int as n`);

  it('runs a named statement again after a failed query made the pool replace its connection', async () => {
    const handle = await openEmbedded(mkdtempSync(join(dataDir, 'reconnect-')));
    try {
      expect(await probe(handle, 1)).toEqual([{ n: 1 }]);
      // the pool throws away a connection whose query failed and opens a new one for the next query
      await expect(handle.db.execute(sql`select 1 / 0`)).rejects.toThrow();
      expect(await probe(handle, 2)).toEqual([{ n: 2 }]);
      expect(await probe(handle, 3)).toEqual([{ n: 3 }]);
    } finally {
      await handle.close();
    }
  });

  it('runs a named statement again after more than 10 s of quiet', { timeout: 60_000 }, async () => {
    const handle = await openEmbedded(mkdtempSync(join(dataDir, 'quiet-')));
    try {
      expect(await probe(handle, 1)).toEqual([{ n: 1 }]);
      // node-postgres closes an idle connection after 10 s unless told otherwise
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await probe(handle, 2)).toEqual([{ n: 2 }]);
    } finally {
      await handle.close();
    }
  });
});
