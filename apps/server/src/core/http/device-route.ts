import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatTime, shanghaiInstant } from '../time.ts';

/** the untouched body a device signed, kept beside the parsed one */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** what the device signed ('' when the request had no JSON body) */
export const rawBodyOf = (req: FastifyRequest): string => rawBodies.get(req) ?? '';

/** a body that is not JSON: fastify's own answer (400 with the error handler's text) */
const badJson = (e: unknown) =>
  Object.assign(new Error(e instanceof Error ? e.message : 'invalid JSON'), { statusCode: 400 });

/**
 * Registers signed device routes in a plugin scope whose JSON parser reads the body once as a string, keeps it for
 * the signature and parses it; a replayed stream per request would cost every event a second pass over the body.
 * The routes' zod schemas build the body afresh from their own keys, so a `__proto__` key in the JSON reaches nothing.
 */
export const registerDeviceRoutes = (parent: FastifyInstance, routes: (app: FastifyInstance) => void) =>
  parent.register(async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const raw = typeof body === 'string' ? body : body.toString('utf8');
      rawBodies.set(req, raw);
      try {
        done(null, JSON.parse(raw) as unknown);
      } catch (e) {
        done(badJson(e), undefined);
      }
    });
    routes(app);
  });

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A device's capture time 'YYYY-MM-DD HH:mm:ss' (Beijing time), a day the calendar has. */
export const capturedTime = () =>
  z
    .string({ error: 'time格式错误' })
    .regex(TIME, 'time格式错误')
    // a day the calendar does not have (02-30) would otherwise roll over into the next month
    .refine((s) => formatTime(shanghaiInstant(s)) === s, 'time格式错误');
