import type { Db } from '../../core/db/client.ts';
import type { ServerConfig } from '../../core/config.ts';

/** What the app was started with for payments (core/config.ts), per database: tests run several apps at once. */
export type PaySettings = Pick<ServerConfig, 'paySandbox' | 'renewalSandbox' | 'publicBaseUrl'>;

/** an app that never installed settings (a transaction handle, a script) gets no sandbox */
const none: PaySettings = { paySandbox: false, renewalSandbox: false, publicBaseUrl: undefined };
const byDb = new WeakMap<object, PaySettings>();

export const setPaySettings = (db: Db, s: PaySettings) => {
  byDb.set(db, { paySandbox: s.paySandbox, renewalSandbox: s.renewalSandbox, publicBaseUrl: s.publicBaseUrl });
};
export const paySettingsOf = (db: Db): PaySettings => byDb.get(db) ?? none;

export const NO_PROVIDER = '未配置支付方式';
export const NO_PUBLIC_URL = '未配置对外访问地址（PUBLIC_BASE_URL），无法发起在线支付';
