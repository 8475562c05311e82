import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { Code, httpStatusText } from '@5a/contracts';
import { AppError, invalid } from '../errors.ts';
import { issueMessage, nulPath } from '../validation.ts';

export const UNAVAILABLE_MSG = '服务暂时不可用';

/** Socket errors of a database that cannot be reached (refused, reset, timed out, unknown host). */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/**
 * PostgreSQL's own codes for "not serving now": class 08 (connection exception), 57P01–57P03 (admin or crash
 * shutdown, cannot connect now), 53300 (too many connections), and 25006 (read-only transaction): a write that
 * reached a standby, which happens only while a failover moves the primary.
 */
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
const isServerUnavailable = (code: string) => code.startsWith('08') || serverCodes.has(code);
/**
 * node-postgres' own messages for a lost or unreachable server: the connection ended (also a connect past its time
 * limit), a pooled client found dead, no free connection within the limit, a statement past `query_timeout`.
 */
const driverMessages =
  /^Connection terminated|Connection ended|connect ECONNREFUSED|timeout exceeded when trying to connect|is not queryable|^Query read timeout$/;

/**
 * Whether an error (or what it wraps: drizzle wraps the driver's error in `cause`, a refused dual-stack connect
 * is an AggregateError) says the database is out of reach rather than that the statement was wrong.
 */
export const isDatabaseUnavailable = (err: unknown, depth = 0): boolean => {
  if (!(err instanceof Error) || depth > 5) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (socketCodes.has(code) || isServerUnavailable(code))) return true;
  if (driverMessages.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
};

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
    // an outage is not a bug of the call: 503 and a message to try later, logged once as a warning
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).send({ code: 503, msg: UNAVAILABLE_MSG, data: null });
    }
    // the client went away before a streamed file's first byte (an export left, a closed tab): no one is there to
    // answer and nothing broke, so it is noted, not logged as a server error
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' && (req.raw.destroyed || req.raw.socket.destroyed)) {
      req.log.info('client left before the file was sent');
      // nginx's "client closed request": nothing reaches the gone client, the access log says what happened
      return reply.status(499).send();
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
