import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { configs } from '../system/schema.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { wechatPayProvider } from './wechat.ts';

/** Sandbox tokens and notifications are signed with this; random per process unless set. */
export const sandboxSecret = process.env.SANDBOX_PAY_SECRET ?? randomBytes(32).toString('hex');
export const publicUrl = () => process.env.PUBLIC_BASE_URL?.replace(/\/$/, '') || `http://127.0.0.1:${process.env.PORT ?? 8080}`;

const wechatKeys = ['pay_provider', 'wechat_mchid', 'wechat_appid', 'wechat_serial_no', 'wechat_private_key', 'wechat_apiv3_key', 'wechat_platform_serial', 'wechat_platform_key'] as const;

/**
 * The tenant's payment provider from its configs: WeChat Pay when pay_provider is 'wechat' and
 * the merchant keys are set, otherwise the sandbox (the demo and the tests).
 */
export const getProvider = async (db: Db, tenantId: number): Promise<PaymentProvider> => {
  const rows = await db
    .select({ key: configs.configKey, value: configs.configValue })
    .from(configs)
    .where(and(eq(configs.tenantId, tenantId), inArray(configs.configKey, [...wechatKeys])));
  const c = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<Record<(typeof wechatKeys)[number], string>>;
  if (c.pay_provider === 'wechat' && c.wechat_mchid && c.wechat_private_key && c.wechat_apiv3_key && c.wechat_platform_serial && c.wechat_platform_key)
    return wechatPayProvider({
      mchid: c.wechat_mchid,
      appid: c.wechat_appid ?? '',
      serialNo: c.wechat_serial_no ?? '',
      privateKey: c.wechat_private_key,
      apiV3Key: c.wechat_apiv3_key,
      platformKeys: { [c.wechat_platform_serial]: c.wechat_platform_key },
    });
  return sandboxProvider(sandboxSecret, publicUrl());
};
