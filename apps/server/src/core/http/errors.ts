import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { Code, httpStatusText } from '@5a/contracts';
import { AppError } from '../errors.ts';
import { issueMessage } from '../validation.ts';

/** Every failure leaves as the envelope; the msg is Chinese and names the field when one is wrong. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(200).send({ code: err.code, msg: err.message, data: err.data });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const path = (first?.instancePath ?? '').split('/').filter(Boolean);
      const { field, msg } = issueMessage({ path, message: first?.message ?? '参数错误' });
      return reply.status(200).send({ code: Code.validation, msg, data: { field } });
    }
    if (err instanceof ZodError) {
      const first = err.issues[0];
      const { field, msg } = first ? issueMessage(first) : { field: '', msg: '参数错误' };
      return reply.status(200).send({ code: Code.validation, msg, data: { field } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ code: 429, msg: '请求过于频繁，请稍后再试', data: null });
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    const msg = status < 500 && err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的请求格式' : (httpStatusText[status] ?? httpStatusText[500]!);
    return reply.status(status).send({ code: status, msg: status === 400 ? `${msg}：${err.message}` : msg, data: null });
  });
};
