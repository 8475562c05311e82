import type { ServerConfig } from '../../core/config.ts';
import { appSlot, type AppRegistry } from '../../core/engine/registry.ts';

/** What the app was started with for payments (core/config.ts), per app: tests run several apps at once. */
export type PaySettings = Pick<ServerConfig, 'paySandbox' | 'renewalSandbox' | 'publicBaseUrl'>;

/** an app that never installed settings (a script's registry) gets no sandbox */
const settingsSlot = appSlot('payment.settings', (): { settings: PaySettings } => ({
  settings: { paySandbox: false, renewalSandbox: false, publicBaseUrl: undefined },
}));

export const setPaySettings = (registry: AppRegistry, s: PaySettings) => {
  registry.slot(settingsSlot).settings = {
    paySandbox: s.paySandbox,
    renewalSandbox: s.renewalSandbox,
    publicBaseUrl: s.publicBaseUrl,
  };
};
export const paySettingsOf = (registry: AppRegistry): PaySettings => registry.slot(settingsSlot).settings;

export const NO_PROVIDER = '未配置支付方式';
export const NO_PUBLIC_URL = '未配置对外访问地址（PUBLIC_BASE_URL），无法发起在线支付';
