import type { FastifyInstance } from 'fastify';

/** API calls; the web's files and pages and a load balancer's health checks are not worth a line each */
const isApiCall = (url: string) => url.startsWith('/xapi/');

/**
 * One log line per API call (method, url, status, time), none for the web's files and pages or health checks: Fastify's own request
 * logging writes two lines for every request, assets included, which buries what a server's log is read for.
 * LOG_LEVEL=warn silences these lines too.
 */
export const registerRequestLog = (app: FastifyInstance) => {
  app.addHook('onResponse', (req, reply, done) => {
    if (isApiCall(req.url))
      req.log.info(
        { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    done();
  });
};
