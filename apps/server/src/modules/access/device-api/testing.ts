import type { Envelope } from '@5a/contracts';
import type { FastifyInstance } from 'fastify';
import { signEvent } from '../../../core/auth/device-signature.ts';

/** a door device as it knows itself: its code and signing key */
export type TestDevice = { code: string; secret: string };

/**
 * Posts a door device's call as the device does: the JSON body signed with its key over `${timestamp}.${body}`;
 * `over` replaces the timestamp or the signature to play a stale or forged device.
 */
export const postDevice = async <T>(
  app: FastifyInstance,
  path: 'heartbeat' | 'event' | 'faces' | 'commands' | 'commandResult',
  device: TestDevice,
  body: Record<string, unknown>,
  over: { timestamp?: string; signature?: string } = {},
): Promise<Envelope<T>> => {
  const raw = JSON.stringify(body);
  const ts = over.timestamp ?? String(Date.now());
  const res = await app.inject({
    method: 'POST',
    url: `/xapi/Iot/Device/${path}`,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-device-code': device.code,
      'x-timestamp': ts,
      'x-signature': over.signature ?? signEvent(device.secret, ts, raw),
    },
  });
  return res.json() as Envelope<T>;
};
