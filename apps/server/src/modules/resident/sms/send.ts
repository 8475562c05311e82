import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { appSlot } from '../../../core/engine/registry.ts';
import { fail } from '../../../core/errors.ts';
import { configs, configSecretKey, decryptSecret } from '../../system/index.ts';
import { smsMessages } from '../schema.ts';
import { aliyunSmsProvider } from './aliyun.ts';
import { SmsError, type SmsProvider, type SmsText } from './provider.ts';
import { sandboxSmsProvider } from './sandbox.ts';

export const NO_SMS = '未配置短信服务';

/** the company settings (参数配置) an Alibaba Cloud account is configured by */
const smsKeys = [
  'sms_provider',
  'sms_sign',
  'aliyun_sms_access_key_id',
  'aliyun_sms_access_key_secret',
  'aliyun_sms_login_template',
  'aliyun_sms_link_template',
] as const;
type SmsKeys = Partial<Record<(typeof smsKeys)[number], string>>;

/** per app: whether this start may fall back to the sandbox, and a provider a test installs */
const smsSlot = appSlot('resident.sms', () => ({ sandbox: false, provider: null as SmsProvider | null }));
export const setSmsSandbox = (registry: AppRegistry, sandbox: boolean) => {
  registry.slot(smsSlot).sandbox = sandbox;
};
export const useSmsProvider = (registry: AppRegistry, provider: SmsProvider | null) => {
  registry.slot(smsSlot).provider = provider;
};

/**
 * The company's provider: Alibaba Cloud SMS when sms_provider is 'aliyun' and its keys and templates are set;
 * otherwise the sandbox where this start allows it, else none (未配置短信服务).
 */
export const smsProviderFor = async (registry: AppRegistry, db: Db, tenantId: number): Promise<SmsProvider> => {
  const slot = registry.slot(smsSlot);
  if (slot.provider) return slot.provider;
  const rows = await db
    .select({ key: configs.configKey, value: configs.configValue })
    .from(configs)
    .where(and(eq(configs.tenantId, tenantId), inArray(configs.configKey, [...smsKeys])));
  const c = Object.fromEntries(rows.map((r) => [r.key, decryptSecret(configSecretKey(registry), r.value)])) as SmsKeys;
  if (
    c.sms_provider === 'aliyun' &&
    c.aliyun_sms_access_key_id &&
    c.aliyun_sms_access_key_secret &&
    c.sms_sign &&
    c.aliyun_sms_login_template &&
    c.aliyun_sms_link_template
  )
    return aliyunSmsProvider({
      accessKeyId: c.aliyun_sms_access_key_id,
      accessKeySecret: c.aliyun_sms_access_key_secret,
      signName: c.sms_sign,
      templates: { login: c.aliyun_sms_login_template, link: c.aliyun_sms_link_template },
    });
  if (!slot.sandbox) throw fail(NO_SMS);
  return sandboxSmsProvider();
};

/**
 * Sends a text and records it in 短信记录. A real provider's login code is recorded masked (staff must not be able to
 * sign in as the resident); the sandbox's in full, as it is the demo's only way to read it. A failed send is recorded
 * and answered with the provider's reason.
 */
export const sendSms = async (
  registry: AppRegistry,
  db: Db,
  tenantId: number,
  text: SmsText,
  purpose: 'login' | 'link',
) => {
  const provider = await smsProviderFor(registry, db, tenantId);
  const shown =
    provider.kind === 'sandbox' || !text.params.code ? text.words : text.words.replace(text.params.code, '******');
  const row = { tenantId, phone: text.phone, purpose, content: shown.slice(0, 500), provider: provider.kind };
  try {
    const { bizId } = await provider.send(text);
    await db.insert(smsMessages).values({ ...row, bizId });
  } catch (e) {
    const why = e instanceof SmsError ? e.message : `短信发送失败：${e instanceof Error ? e.message : String(e)}`;
    await db.insert(smsMessages).values({ ...row, status: 2, error: why.slice(0, 255) });
    throw fail(why);
  }
};
