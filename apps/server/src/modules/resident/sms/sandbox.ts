import { randomUUID } from 'node:crypto';
import type { SmsProvider } from './provider.ts';

/**
 * The demo's provider: the same flow as a real one, but the text goes nowhere — 短信记录 keeps it in full, which is
 * where staff read a demo resident's login code.
 */
export const sandboxSmsProvider = (): SmsProvider => ({
  kind: 'sandbox',
  send: async () => ({ bizId: `sandbox-${randomUUID()}` }),
});
