import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { Code, httpStatusText } from '@5a/contracts';
import { AppError, invalid } from '../errors.ts';
import { issueMessage, nulPath } from '../validation.ts';

/** Every failure leaves as the envelope; the msg is Chinese and names the field when one is wrong. */
export const registerErrorHandling = (app: FastifyInstance) => {
  // text with a NUL byte would fail in the database, wherever it is sent: refused before any route reads it
  app.addHook('preValidation', async (req) => {
    const field = nulPath(req.query) ?? nulPath(req.body) ?? nulPath(req.params);
    if (field) throw invalid(`${field} 不能包含空字符`, field);
  });
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
    const fallback = status < 500 ? httpStatusText[400]! : httpStatusText[500]!;
    const msg =
      status < 500 && err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? '不支持的请求格式'
        : (httpStatusText[status] ?? fallback);
    return reply
      .status(status)
      .send({ code: status, msg: status === 400 ? `${msg}：${err.message}` : msg, data: null });
  });
};
