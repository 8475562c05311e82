import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import { z } from 'zod';
import type { Envelope, ListReply } from '@5a/contracts';
import type { Screen } from '../../core/screens/define.ts';
import type { ModuleDeps } from '../types.ts';
import { GATE_ROUTE, gateResource } from './gates.ts';
import { lotResource } from './lots.ts';
import { vehicleResource } from './vehicles.ts';
import { generateBody, generateSpaces, SPACE_BASE, SPACE_GENERATE, spaceResource } from './spaces.ts';

/** Lots with their lanes, spaces and vehicles: declarations, the engine serves them. */
export const lotsScreens: readonly Screen[] = [lotResource, gateResource, spaceResource, vehicleResource];

/** flat, or {data: {...}} as dialogs send it */
const dataOf = (body: unknown): unknown => {
  const b = (body ?? {}) as Record<string, unknown>;
  return b.data && typeof b.data === 'object' && !Array.isArray(b.data) ? b.data : b;
};

const GATE_LIST = `/xapi${GATE_ROUTE.replace(/listConfig$/, 'list')}`;

/** A lane's signing key is read in its detail only: the list (and whatever copies it) never carries it. */
const withoutSecrets = (app: FastifyInstance) => {
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    if (req.routeOptions.url !== GATE_LIST) return payload;
    const env = payload as Envelope<ListReply | null>;
    if (env.code !== 0 || !env.data || !Array.isArray(env.data.records)) return payload;
    const records = env.data.records.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'secret')));
    return { ...env, data: { ...env.data, records } };
  });
};

export const registerLotsRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  withoutSecrets(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    `${SPACE_BASE}/generate`,
    {
      schema: {
        tags: ['停车'],
        summary: '批量生成车位 {lot_id, prefix, start, end, pad, type}（已有编号跳过）',
        body: z.preprocess(dataOf, generateBody),
      },
      config: { access: { perm: SPACE_GENERATE }, writes: true },
    },
    async (req) => {
      const r = await generateSpaces(db, callerOf(req), req.body);
      return ok({ inserted: r.inserted, skipped: r.skipped }, r.msg);
    },
  );
};
