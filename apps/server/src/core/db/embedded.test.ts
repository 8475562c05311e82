/**
 * The embedded database end to end (ADR 0001): worker + socket start (a fresh socket folder per open),
 * migrate, read/write through the pg driver, and a backup that really restores.
 */
import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './embedded.ts';
import { migrate } from './migrate.ts';
import { loginFailures } from '../../modules/auth/schema.ts';

const dataDir = mkdtempSync(join(tmpdir(), '5a-embedded-test-'));
const socketDirs = () => readdirSync(tmpdir()).filter((f) => f.startsWith('5a-pg-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database', () => {
  it('stores rows, backs up to a restorable .tar.gz and removes its socket folder on close', async () => {
    const before = new Set(socketDirs());
    const handle = await openEmbedded(dataDir);
    expect(socketDirs().filter((d) => !before.has(d))).toHaveLength(1);
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

    // the data folder survives a restart of the worker
    const again = await openEmbedded(dataDir);
    try {
      expect(again.isNew).toBe(false);
      const rows = await again.db.select().from(loginFailures).where(eq(loginFailures.userName, 'backup-probe'));
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
    expect(socketDirs().filter((d) => !before.has(d))).toEqual([]);
  });
});
