import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { fail } from '../../core/errors.ts';
import { configs, configSecretKey, decryptSecret } from '../system/index.ts';
import type { AppRegistry } from '../../core/engine/registry.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { NO_PROVIDER, paySettingsOf } from './settings.ts';
import { wechatPayProvider } from './wechat.ts';

/** Sandbox tokens and notifications are signed with this; random per process unless set. */
export const sandboxSecret = process.env.SANDBOX_PAY_SECRET ?? randomBytes(32).toString('hex');

const wechatKeys = [
  'pay_provider',
  'wechat_mchid',
  'wechat_appid',
  'wechat_app_secret',
  'wechat_serial_no',
  'wechat_private_key',
  'wechat_apiv3_key',
  'wechat_platform_serial',
  'wechat_platform_key',
] as const;
type WechatKeys = Partial<Record<(typeof wechatKeys)[number], string>>;

/**
 * WeChat Pay when pay_provider is 'wechat' and the merchant keys are set; otherwise the sandbox
 * where this start enabled it (`sandbox`), else none: the pay calls answer 未配置支付方式.
 */
const providerOf = (c: WechatKeys, sandbox: boolean, publicBaseUrl: string | undefined): PaymentProvider => {
  if (
    c.pay_provider === 'wechat' &&
    c.wechat_mchid &&
    c.wechat_private_key &&
    c.wechat_apiv3_key &&
    c.wechat_platform_serial &&
    c.wechat_platform_key
  )
    return wechatPayProvider({
      mchid: c.wechat_mchid,
      appid: c.wechat_appid ?? '',
      serialNo: c.wechat_serial_no ?? '',
      privateKey: c.wechat_private_key,
      apiV3Key: c.wechat_apiv3_key,
      platformKeys: { [c.wechat_platform_serial]: c.wechat_platform_key },
      // the official account's AppSecret lets the wap pay page exchange its OAuth code for the openid
      appSecret: c.wechat_app_secret || undefined,
    });
  if (!sandbox) throw fail(NO_PROVIDER);
  return sandboxProvider(sandboxSecret, publicBaseUrl ?? '');
};

const keysWhere = async (registry: AppRegistry, db: Db, owner: SQL | undefined) => {
  const rows = await db
    .select({ key: configs.configKey, value: configs.configValue })
    .from(configs)
    .where(and(owner, inArray(configs.configKey, [...wechatKeys])));
  // secret settings are stored encrypted (system/config-secret.ts); plain values of an older release read as they are
  return Object.fromEntries(rows.map((r) => [r.key, decryptSecret(configSecretKey(registry), r.value)])) as WechatKeys;
};

/** The tenant's payment provider from its configs (参数配置): the merchant the owners pay. */
export const getProvider = async (registry: AppRegistry, db: Db, tenantId: number): Promise<PaymentProvider> => {
  const s = paySettingsOf(registry);
  return providerOf(await keysWhere(registry, db, eq(configs.tenantId, tenantId)), s.paySandbox, s.publicBaseUrl);
};

/** The platform's own provider (configs with no owner): property companies pay service renewals to it. */
export const getPlatformProvider = async (registry: AppRegistry, db: Db): Promise<PaymentProvider> => {
  const s = paySettingsOf(registry);
  return providerOf(
    await keysWhere(registry, db, and(isNull(configs.tenantId), isNull(configs.operatorId))),
    s.renewalSandbox,
    s.publicBaseUrl,
  );
};
