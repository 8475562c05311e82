import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope, ListReply } from '@5a/contracts';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { Screen } from '../../../core/screens/define.ts';
import type { ModuleDeps } from '../../types.ts';
import { GATE_ROUTE, gateResource } from './lanes.ts';
import { lotResource } from './lots.ts';
import { vehicleResource } from './vehicles.ts';
import { generateSpacesReply } from '../replies.ts';
import { generateBody, generateSpaces, SPACE_GENERATE, spaceResource } from './spaces.ts';

/** Lots with their lanes, spaces and vehicles: declarations, the engine serves them. */
export const lotsScreens: readonly Screen[] = [lotResource, gateResource, spaceResource, vehicleResource];

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
  serve(
    app,
    parkingApi.generateSpaces,
    {
      tags: ['停车'],
      summary: '批量生成车位 {lot_id, prefix, start, end, pad, type}（已有编号跳过）',
      body: generateBody,
      reply: generateSpacesReply,
      access: { perm: SPACE_GENERATE },
      writes: true,
    },
    async (body, req) => {
      const r = await generateSpaces(db, callerOf(req), body);
      return withMsg({ inserted: r.inserted, skipped: r.skipped }, r.msg);
    },
  );
};
