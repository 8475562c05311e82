import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { Uploaded } from '@5a/contracts/endpoints/document';
import type { Actor } from '../../core/auth/actor.ts';
import { localDiskStorage, type Storage } from '../../core/storage/storage.ts';
import { fail } from '../../core/errors.ts';
import { extensionFor, sniff } from './sniff.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FILE_MAX_BYTES = 20 * 1024 * 1024;

export type { Uploaded };

/** the first folder of a company's upload keys: only its users read them, and its devices may name them */
export const tenantFilePrefix = (tenantId: number | null) => `t${tenantId}`;

/** the one folder uploads are kept in, for every module that stores or reads them */
export const uploadStorage = (dataDir: string): Storage => localDiskStorage(resolve(join(dataDir, 'uploads')));

/** Files belong to their owner: a tenant's staff, an operator, or the platform. */
export const ownerPrefix = (a: Actor) =>
  a.kind === 'web' ? tenantFilePrefix(a.tenantId) : a.kind === 'operator' ? `o${a.operatorId}` : 'p';

const month = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7).replace('-', '');

/**
 * Stores one multipart file after checking its real type by its bytes and its size, streaming
 * to disk (a 20 MB file never sits in memory).
 */
export const storeUpload = async (
  storage: Storage,
  owner: Actor | string,
  file: MultipartFile | undefined,
  kind: 'image' | 'file',
): Promise<Uploaded> => {
  if (!file) throw fail('上传失败：没有收到文件');
  const max = kind === 'image' ? IMAGE_MAX_BYTES : FILE_MAX_BYTES;
  const iterator = file.file[Symbol.asyncIterator]();
  let first = await iterator.next();
  const head: Buffer[] = [];
  let headLen = 0;
  while (!first.done && headLen < 16) {
    head.push(first.value as Buffer);
    headLen += (first.value as Buffer).length;
    if (headLen < 16) first = await iterator.next();
  }
  const headBuf = Buffer.concat(head);
  if (headBuf.length === 0) throw fail('上传失败：文件为空');
  const type = sniff(headBuf);
  if (!type || (kind === 'image' && !type.image)) {
    file.file.resume();
    throw fail(kind === 'image' ? '只能上传图片（JPG、PNG、GIF、WEBP）' : '不支持的文件类型');
  }
  const ext = extensionFor(type, file.filename);
  const key = `${typeof owner === 'string' ? owner : ownerPrefix(owner)}/${month()}/${randomUUID()}.${ext}`;
  let size = headBuf.length;
  const rest = async function* () {
    yield headBuf;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      size += (next.value as Buffer).length;
      if (size > max) throw fail(`文件大小不能超过${max / 1024 / 1024}MB`);
      yield next.value as Buffer;
    }
  };
  await storage.put(key, Readable.from(rest()));
  if (file.file.truncated || size > max) {
    await storage.remove(key);
    throw fail(`文件大小不能超过${max / 1024 / 1024}MB`);
  }
  return { url: `/xapi/Common/Document/file/${key}`, path: key, name: file.filename, size, type: type.mime };
};
