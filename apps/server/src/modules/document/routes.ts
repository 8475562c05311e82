import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { resolveToken } from '../auth/index.ts';
import { actorOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import { localDiskStorage } from '../../core/storage/storage.ts';
import { trustDocumentServer } from '../../core/engine/file-ref.ts';
import type { ModuleDeps } from '../types.ts';
import { ownerPrefix, storeUpload } from './service.ts';

const mimeByExt: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Uploads (the web waits 25 s) and file reads with the url token (image addresses cannot send a header). */
export const documentRoutes = (app: FastifyInstance, { db, config }: ModuleDeps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storage = localDiskStorage(resolve(join(config.dataDir, 'uploads')));
  // image and file fields accept urls below the document server as our own files
  trustDocumentServer(config.documentServer);
  const tags = ['文件'];

  api.post(
    '/Common/Document/Upload',
    {
      schema: { tags, summary: '上传文件（multipart: file）', consumes: ['multipart/form-data'] },
      config: { access: 'user', writes: true },
    },
    async (req) => ok(await storeUpload(storage, actorOf(req), await req.file(), 'file'), '上传成功!'),
  );
  api.post(
    '/api/upload/image',
    {
      schema: { tags, summary: '上传图片（multipart: file）', consumes: ['multipart/form-data'] },
      config: { access: 'user', writes: true },
    },
    async (req) => ok(await storeUpload(storage, actorOf(req), await req.file(), 'image'), '上传成功!'),
  );
  // the object-storage upload of the original; same storage interface here
  api.post(
    '/api/upload/BaiduOSS',
    {
      schema: { tags, summary: '上传到对象存储（multipart: file）', consumes: ['multipart/form-data'] },
      config: { access: 'user', writes: true },
    },
    async (req) => ok(await storeUpload(storage, actorOf(req), await req.file(), 'file'), '上传成功!'),
  );

  api.get(
    '/Common/Document/file/*',
    {
      schema: {
        tags,
        summary: '读取文件（?token= 为登录返回的 urlToken）',
        querystring: z.object({ token: z.string().optional() }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const actor =
        (await resolveToken(db, req.query.token ?? '', 'url')) ??
        (await resolveToken(db, (req.headers.authorization ?? '').replace(/^Bearer /, ''), 'api'));
      if (!actor) return reply.status(401).send({ code: 401, msg: '未授权，请登录', data: null });
      // a file of another owner behaves as if it did not exist
      const stream = key.startsWith(`${ownerPrefix(actor)}/`) ? storage.get(key) : null;
      if (!stream) return reply.status(404).send({ code: 404, msg: '请求地址出错', data: null });
      const ext = key.split('.').pop() ?? '';
      const mime = mimeByExt[ext] ?? 'application/octet-stream';
      reply.header('Content-Type', mime).header('Cache-Control', 'private, max-age=3600');
      if (!mime.startsWith('image/')) reply.header('Content-Disposition', 'attachment');
      return reply.send(stream);
    },
  );
};
