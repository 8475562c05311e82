import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live; an S3-compatible store implements the same three calls. */
export type Storage = {
  put: (key: string, body: Readable) => Promise<{ size: number }>;
  get: (key: string) => Readable | null;
  remove: (key: string) => Promise<void>;
};

/** Keys are '<owner>/<yyyymm>/<uuid>.<ext>'; anything else is refused before touching the disk. */
export const safeKey = (key: string) => /^[a-z0-9]+\/\d{6}\/[a-f0-9-]{36}\.[a-z0-9]{1,5}$/.test(key);

export const localDiskStorage = (root: string): Storage => {
  const pathOf = (key: string) => {
    if (!safeKey(key)) throw new Error('bad storage key');
    return normalize(join(root, key));
  };
  return {
    put: async (key, body) => {
      const target = pathOf(key);
      mkdirSync(dirname(target), { recursive: true });
      const tmp = `${target}.part`;
      try {
        await pipeline(body, createWriteStream(tmp));
        await rename(tmp, target);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return { size: statSync(target).size };
    },
    get: (key) => {
      if (!safeKey(key)) return null;
      const p = pathOf(key);
      return existsSync(p) ? createReadStream(p) : null;
    },
    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
};
