import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { localDiskStorage, type Storage } from '../../../core/storage/storage.ts';
import { companyExports } from '../schema-export.ts';

/** the zips live beside the uploads, never among them: the upload reader would hand them to any of the company's staff */
export const exportRoot = (dataDir: string) => resolve(join(dataDir, 'exports'));
export const exportStorage = (dataDir: string): Storage => localDiskStorage(exportRoot(dataDir));

/** removes runs' zips (a newer run's is there, or their time is past) and forgets them on their rows */
export const dropFiles = async (db: Db, storage: Storage, rows: { id: number; fileKey: string }[]) => {
  for (const r of rows) await storage.remove(r.fileKey).catch(() => undefined);
  if (rows.length)
    await db
      .update(companyExports)
      .set({ fileKey: '' })
      .where(
        inArray(
          companyExports.id,
          rows.map((r) => r.id),
        ),
      );
};

/** a company's folder in the store is `t<id>` (the upload's prefix) */
const tenantOfPath = (relative: string) => {
  const m = /^t(\d+)$/.exec(relative.split(sep)[0] ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * Removes the `.part` files the store writes a zip into before renaming it: one is left behind only when the process
 * writing it died (a failed write removes its own). `stale` says, from the file's company and last write, which are
 * an interrupted run's; the number removed is returned.
 */
export const removeStaleParts = async (
  root: string,
  stale: (tenantId: number | null, writtenAt: number) => boolean,
): Promise<number> => {
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(root, name);
    // gone meanwhile: its run finished (renamed) or failed (removed) as we looked
    const written = await stat(path).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (written === null || !stale(tenantOfPath(name), written)) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
};
