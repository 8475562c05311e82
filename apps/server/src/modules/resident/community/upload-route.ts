import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { residentApi } from '@5a/contracts/endpoints/resident';
import { replySchema } from '../../../core/http/endpoint.ts';
import { ok } from '../../../core/http/envelope.ts';
import { storeUpload, uploadStorage } from '../../document/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { requireFullSession, sessionOf } from '../login/sessions.ts';

/** uploads per address and minute: a post takes up to nine pictures */
export const RESIDENT_UPLOADS_PER_MINUTE = 30;

/** A picture for a post or a repair (multipart `file`), stored as his company's upload: its staff see it, nobody else. */
export const registerResidentUploadRoute = (app: FastifyInstance, { db, config }: ModuleDeps) => {
  const storage = uploadStorage(config.dataDir);
  app.post(
    residentApi.upload.path,
    {
      schema: {
        tags: ['住户手机端（免员工登录）'],
        summary: '上传图片（multipart: file；需住户登录）→ {path}',
        consumes: ['multipart/form-data'],
        response: { 200: replySchema(z.object({ path: z.string() })) },
      },
      config: {
        access: 'public',
        rateLimit: {
          max: RESIDENT_UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (req: { ip: string }) => `residentUpload:${req.ip}`,
        },
      },
    },
    async (req) => {
      const s = await sessionOf(db, req);
      requireFullSession(s);
      const stored = await storeUpload(storage, `t${s.tenantId}`, await req.file(), 'image');
      return ok({ path: stored.path }, '上传成功!');
    },
  );
};
