import type { Db } from '../../core/db/client.ts';
import { fail } from '../../core/errors.ts';
import type { PaymentProvider } from '../payment/provider.ts';
import { getProvider } from '../payment/service.ts';

export type ProviderResolver = (db: Db, tenantId: number) => Promise<PaymentProvider>;

/** The tenant's provider from the payment module; tests install a fake with `usePaymentProvider`. */
let resolver: ProviderResolver | null = null;

export const usePaymentProvider = (r: ProviderResolver | null) => {
  resolver = r;
};

export const providerFor = async (db: Db, tenantId: number): Promise<PaymentProvider> => {
  return resolver ? resolver(db, tenantId) : getProvider(db, tenantId);
};

/**
 * The payer's openid from a WeChat OAuth code. The sandbox's rule is 'sandbox-' + code; a real
 * exchange needs the provider to expose it (reported to the payment module's owner).
 */
export const openidOf = (provider: PaymentProvider, code: string) => {
  if (provider.kind === 'sandbox') return `sandbox-${code}`;
  const exchange = (provider as PaymentProvider & { openidFromCode?: (code: string) => Promise<string> }).openidFromCode;
  if (exchange) return exchange(code);
  throw fail('暂不支持微信授权获取openid');
};
