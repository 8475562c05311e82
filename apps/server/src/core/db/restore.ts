import { PGlite } from '@electric-sql/pglite';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** the embedded server's mark in its data folder: a restore must not swap the files under a running server */
const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

export const markInUse = (dataDir: string) => writeFileSync(pidFile(dataDir), String(process.pid));
export const clearInUse = (dataDir: string) => {
  if (existsSync(pidFile(dataDir))) unlinkSync(pidFile(dataDir));
};

/** the pid of a live process holding the folder (a mark left by a killed one does not count) */
const holder = (dataDir: string): number | null => {
  if (!existsSync(pidFile(dataDir))) return null;
  const pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
};

export const backupsOf = (dataDir: string) => {
  const dir = join(dataDir, 'backups');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.tar.gz'))
        .sort()
        .map((f) => join(dir, f))
    : [];
};

export type Restored = { file: string; pgdata: string; previous: string | null };

/**
 * Puts a backup (the newest unless one is named) in place of the embedded database of `dataDir`. The current data
 * is kept beside it as `pgdata.before-restore-<time>`, never deleted; the backup is unpacked and opened once in a
 * folder of its own first, so a broken file leaves the current data where it was.
 */
export const restoreEmbedded = async (dataDir: string, file?: string): Promise<Restored> => {
  const dir = resolve(dataDir);
  const chosen = file ? resolve(file) : backupsOf(dir).at(-1);
  if (!chosen) throw new Error(`${join(dir, 'backups')} 中没有备份文件（pgdata-*.tar.gz）`);
  if (!existsSync(chosen)) throw new Error(`备份文件不存在：${chosen}`);
  const pid = holder(dir);
  if (pid) throw new Error(`服务进程 ${pid} 正在使用 ${dir}，请先停止服务再恢复`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = join(dir, `pgdata.restoring-${stamp}`);
  try {
    const lite = await PGlite.create(staging, { loadDataDir: new Blob([readFileSync(chosen)]) });
    await lite.query('select 1');
    await lite.close();
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`备份文件无法恢复：${chosen}（${e instanceof Error ? e.message : String(e)}）`);
  }
  const pgdata = join(dir, 'pgdata');
  const previous = existsSync(pgdata) ? join(dir, `pgdata.before-restore-${stamp}`) : null;
  if (previous) renameSync(pgdata, previous);
  renameSync(staging, pgdata);
  return { file: chosen, pgdata, previous };
};
