import type { Db } from '../../core/db/client.ts';
import { appSlot, type AppRegistry } from '../../core/engine/registry.ts';
import { fail } from '../../core/errors.ts';
import type { PaymentProvider } from './provider.ts';
import { SANDBOX_OPENID_PREFIX } from './sandbox.ts';
import { getPlatformProvider, getProvider } from './service.ts';
import { NO_PROVIDER, NO_PUBLIC_URL, paySettingsOf } from './settings.ts';
import { WechatOAuthError } from './wechat-oauth.ts';

/** tenantId 0 asks a test resolver for the platform's provider (service renewals). */
export const PLATFORM = 0;

export type ProviderResolver = (db: Db, tenantId: number) => Promise<PaymentProvider>;

/** The tenant's provider from the payment module; a test installs a fake on its app with `usePaymentProvider`. */
const resolverSlot = appSlot('payment.resolver', () => ({ resolver: null as ProviderResolver | null }));

export const usePaymentProvider = (registry: AppRegistry, r: ProviderResolver | null) => {
  registry.slot(resolverSlot).resolver = r;
};

/**
 * A provider whose orders must name an absolute notify URL: built from PUBLIC_BASE_URL only (never
 * from the request's Host), and refused with a clear message where production has none.
 */
const absoluteNotify = (p: PaymentProvider): PaymentProvider => ({
  ...p,
  createOrder: async (input) => {
    if (!/^https?:\/\/[^/]/.test(input.notifyUrl)) throw fail(NO_PUBLIC_URL);
    return p.createOrder(input);
  },
});

export const providerFor = async (registry: AppRegistry, db: Db, tenantId: number): Promise<PaymentProvider> => {
  const { resolver } = registry.slot(resolverSlot);
  return absoluteNotify(await (resolver ? resolver(db, tenantId) : getProvider(registry, db, tenantId)));
};

/**
 * The platform's provider: a property company pays its service renewals to the platform. The
 * sandbox never settles a renewal where this start does not allow it (production).
 */
export const platformProviderFor = async (registry: AppRegistry, db: Db): Promise<PaymentProvider> => {
  const { resolver } = registry.slot(resolverSlot);
  const p = await (resolver ? resolver(db, PLATFORM) : getPlatformProvider(registry, db));
  if (p.kind === 'sandbox' && !paySettingsOf(registry).renewalSandbox) throw fail(NO_PROVIDER);
  return absoluteNotify(p);
};

/**
 * The payer's openid from a WeChat OAuth code: the provider's own exchange (WeChat's
 * sns/oauth2/access_token; the sandbox's 'sandbox-' + code). A sandbox without one uses the
 * sandbox's rule; WeChat Pay without the official account's AppSecret cannot.
 */
export const openidOf = async (provider: PaymentProvider, code: string): Promise<string> => {
  if (provider.openidFromCode) {
    try {
      return await provider.openidFromCode(code);
    } catch (e) {
      if (e instanceof WechatOAuthError) throw fail(e.message);
      throw e;
    }
  }
  if (provider.kind === 'sandbox') return `${SANDBOX_OPENID_PREFIX}${code}`;
  throw fail('未配置公众号AppSecret（wechat_app_secret），无法获取微信用户openid');
};
