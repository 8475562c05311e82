import { createHmac, timingSafeEqual } from 'node:crypto';

/** A key of its own for the visitor codes, derived from the server's secret-settings key (stable across restarts). */
export const visitorTokenKey = (configSecret: string | undefined): Buffer | null =>
  configSecret ? createHmac('sha256', configSecret).update('visitor-registration-qr').digest() : null;

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

/** `<base64url(codeId.expirySeconds)>.<mac>`: names the code row; a changed id or expiry breaks the signature. */
export const signVisitorToken = (key: Buffer, codeId: number, expiresAt: Date): string => {
  const payload = Buffer.from(`${codeId}.${Math.floor(expiresAt.getTime() / 1000)}`).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
};

/** The code id and expiry a token names, or null for anything not signed by this server. */
export const readVisitorToken = (key: Buffer | null, token: string): { codeId: number; expiresAt: Date } | null => {
  const m = /^([\w-]{1,40})\.([\w-]{32})$/.exec(token);
  if (!key || !m) return null;
  const want = Buffer.from(mac(key, m[1]!));
  const got = Buffer.from(m[2]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const parts = /^(\d{1,10})\.(\d{1,12})$/.exec(Buffer.from(m[1]!, 'base64url').toString('utf8'));
  return parts ? { codeId: Number(parts[1]), expiresAt: new Date(Number(parts[2]) * 1000) } : null;
};
