import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint, NoBody } from '@5a/contracts';
import { documentApi, type Uploaded } from '@5a/contracts/endpoints/document';
import { resolveToken } from '../auth/index.ts';
import { actorOf } from '../../core/http/access.ts';
import { replySchema } from '../../core/http/endpoint.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { ownerPrefix, storeUpload, uploadStorage } from './service.ts';

/** the content type of a stored file by its extension */
export const mimeByExt: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A stored upload, as the contract says (the type checker holds the two together). */
const uploadedReply = z.object({
  url: z.string().describe('读取地址（带 urlToken）'),
  path: z.string().describe('表单字段保存的路径'),
  name: z.string(),
  size: z.number().int().describe('字节'),
  type: z.string().describe('MIME 类型'),
}) satisfies z.ZodType<Uploaded, Uploaded>;

/** Uploads (the web waits 25 s) and file reads with the url token (image addresses cannot send a header). */
export const documentRoutes = (app: FastifyInstance, { db, config }: ModuleDeps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storage = uploadStorage(config.dataDir);
  const tags = ['文件'];

  // multipart, not a JSON body: registered here rather than through serve, with the contract's reply all the same
  const upload = (endpoint: Endpoint<NoBody, Uploaded>, summary: string, kind: 'image' | 'file') =>
    api.post(
      endpoint.path,
      {
        schema: { tags, summary, consumes: ['multipart/form-data'], response: { 200: replySchema(uploadedReply) } },
        config: { access: 'user', writes: true },
      },
      async (req) => ok(await storeUpload(storage, actorOf(req), await req.file(), kind), '上传成功!'),
    );
  upload(documentApi.upload, '上传文件（multipart: file）', 'file');
  upload(documentApi.image, '上传图片（multipart: file）', 'image');
  upload(documentApi.objectStorage, '上传到对象存储（multipart: file）', 'file');

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
