/**
 * Restoring the embedded database (`npm run restore`): a backup taken while the server ran comes back in place of
 * the data folder, the server starts on it with the rows of that moment, and the data it replaced is kept.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { openDatabase } from '../../db.ts';
import { loginFailures } from '../../modules/auth/schema.ts';
import { backupsOf, restoreEmbedded } from './restore.ts';

const dataDir = mkdtempSync(join(tmpdir(), '5a-restore-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = readConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' });
const probes = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  (await db.select({ who: loginFailures.userName }).from(loginFailures).where(eq(loginFailures.ip, '10.9.9.9')))
    .map((r) => r.who)
    .sort();

// two starts, a backup and an unpacking of PGlite: tens of seconds on a busy 2-core machine
it('a backup restores in place of the data folder and the server starts on it', { timeout: 180_000 }, async () => {
  const first = await openDatabase(config);
  await first.db.insert(loginFailures).values({ kind: 'web', userName: 'before-backup', ip: '10.9.9.9' });
  const file = await first.backup!();
  await first.db.insert(loginFailures).values({ kind: 'web', userName: 'after-backup', ip: '10.9.9.9' });
  expect(backupsOf(dataDir)).toEqual([file]);

  // never under a running server
  await expect(restoreEmbedded(dataDir)).rejects.toThrow('请先停止服务再恢复');
  await first.close();

  // a broken file leaves the data where it was
  const broken = join(dataDir, 'broken.tar.gz');
  writeFileSync(broken, 'not a backup');
  await expect(restoreEmbedded(dataDir, broken)).rejects.toThrow('备份文件无法恢复');
  await expect(restoreEmbedded(dataDir, join(dataDir, 'missing.tar.gz'))).rejects.toThrow('备份文件不存在');

  const restored = await restoreEmbedded(dataDir);
  expect(restored.file).toBe(file);
  expect(restored.previous && existsSync(restored.previous)).toBeTruthy();

  const again = await openDatabase(config);
  try {
    expect(again.seeded).toBe(false);
    expect(await probes(again.db)).toEqual(['before-backup']);
  } finally {
    await again.close();
  }
});
