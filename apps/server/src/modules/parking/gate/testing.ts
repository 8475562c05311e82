import type { Envelope } from '@5a/contracts';
import type { FastifyInstance } from 'fastify';
import { signEvent } from '../../../core/auth/device-signature.ts';
import type { GateEventReply } from './ingest.ts';

/** a lane as a camera knows it: its device code and signing key */
export type TestLane = { code: string; secret: string };

/**
 * Posts a barrier camera's event as the device does: the JSON body signed with the lane's key over
 * `${timestamp}.${body}`; `over` replaces the timestamp or the signature to play a stale or forged device.
 */
export const postGateEvent = async (
  app: FastifyInstance,
  lane: TestLane,
  body: Record<string, unknown>,
  over: { timestamp?: string; signature?: string } = {},
): Promise<Envelope<GateEventReply>> => {
  const raw = JSON.stringify(body);
  const ts = over.timestamp ?? String(Date.now());
  const res = await app.inject({
    method: 'POST',
    url: '/xapi/Parking/Gate/event',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-device-code': lane.code,
      'x-timestamp': ts,
      'x-signature': over.signature ?? signEvent(lane.secret, ts, raw),
    },
  });
  return res.json() as Envelope<GateEventReply>;
};

/** 'YYYY-MM-DD HH:mm:ss' in Shanghai, `minutes` ago: a camera's capture time */
export const shanghaiAgo = (minutes: number) =>
  new Date(Date.now() - minutes * 60_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
