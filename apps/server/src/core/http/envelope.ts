import type { Envelope } from '@5a/contracts';

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: 0, msg, data });
