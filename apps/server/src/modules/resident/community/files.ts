import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { mimeByExt, uploadStorage } from '../../document/index.ts';
import { configSecretKey } from '../../system/index.ts';
import type { ModuleDeps } from '../../types.ts';

/** the phone page's pictures: a picture's address is signed for an hour (an <img> sends no session header) */
export const RESIDENT_FILE_ROUTE = '/H5/Resident/file/*';
const FILE_TTL_SEC = 3600;

const keyOf = (registry: AppRegistry) => {
  const key = configSecretKey(registry);
  return key ? createHmac('sha256', key).update('resident-file').digest() : null;
};
const sign = (key: Buffer, path: string, exp: number) =>
  createHmac('sha256', key).update(`${path}.${exp}`).digest('base64url').slice(0, 32);

/**
 * The address a resident's browser loads a stored picture of his company from; the expiry is rounded to the hour so
 * a picture keeps one address (and its cache) for a while. An address from elsewhere (https) is kept as it is.
 */
export const residentFileUrl = (registry: AppRegistry, path: string, now = Date.now()) => {
  if (!path || /^https?:\/\//.test(path) || path.startsWith('data:')) return path;
  const key = keyOf(registry);
  if (!key) return '';
  const exp = (Math.floor(now / 1000 / FILE_TTL_SEC) + 2) * FILE_TTL_SEC;
  return `/xapi/H5/Resident/file/${path}?exp=${exp}&sig=${sign(key, path, exp)}`;
};

/** serves a picture whose signed address holds and has not expired; anything else is 404 */
export const registerResidentFileRoute = (app: FastifyInstance, { registry, config }: ModuleDeps) => {
  const storage = uploadStorage(config.dataDir);
  app.get(
    RESIDENT_FILE_ROUTE,
    {
      schema: {
        tags: ['住户手机端（免员工登录）'],
        summary: '读取图片（地址由列表接口签发，约一小时内有效）',
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(64) }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const path = (req.params as { '*': string })['*'];
      const { exp, sig } = req.query as { exp: number; sig: string };
      const key = keyOf(registry);
      const want = key ? Buffer.from(sign(key, path, exp)) : null;
      const got = Buffer.from(sig);
      const ext = path.split('.').pop() ?? '';
      const mime = mimeByExt[ext] ?? '';
      const valid =
        want !== null && want.length === got.length && timingSafeEqual(want, got) && exp * 1000 > Date.now();
      const stream = valid && mime.startsWith('image/') ? storage.get(path) : null;
      if (!stream) return reply.status(404).send({ code: 404, msg: '请求地址出错', data: null });
      reply.header('Content-Type', mime).header('Cache-Control', 'private, max-age=3600');
      return reply.send(stream);
    },
  );
};
