import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { and, eq, like, not, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { fail } from '../../core/errors.ts';
import { configs } from './schema.ts';
import { appSlot, type AppRegistry } from '../../core/engine/registry.ts';

/**
 * Secret settings (merchant keys, app secrets, passwords) are write-only: stored AES-256-GCM
 * encrypted under CONFIG_SECRET_KEY and never returned by any read; the payment module decrypts.
 * Values without our prefix are plain text from an older release and still read as they are.
 */
export const SECRET_PREFIX = 'enc:v1:';
/** what reads show instead of a secret that is set */
export const SECRET_MASK = '已设置';

const namedSecrets = new Set(['wechat_private_key', 'wechat_apiv3_key', 'wechat_app_secret', 'wechat_platform_key']);
export const isSecretKey = (key: unknown) =>
  typeof key === 'string' && (namedSecrets.has(key) || /secret|private|password|apiv3/i.test(key));
export const isEncrypted = (v: unknown) => typeof v === 'string' && v.startsWith(SECRET_PREFIX);

/** The key secrets are kept under; null: none configured. */
export type SecretKey = Buffer | null;

/** A configured CONFIG_SECRET_KEY as a key: 64 hex digits as they are, any other text hashed to 32 bytes. */
export const secretKeyOf = (secret: string | undefined): SecretKey =>
  !secret
    ? null
    : /^[0-9a-f]{64}$/i.test(secret)
      ? Buffer.from(secret, 'hex')
      : createHash('sha256').update(secret).digest();

// per app: each app is built with its own configuration
const keySlot = appSlot('system.configSecretKey', () => ({ key: null as SecretKey }));
/** Installs the app's key from its configuration (at registration). */
export const setConfigSecretKey = (registry: AppRegistry, secret: string | undefined) => {
  registry.slot(keySlot).key = secretKeyOf(secret);
};
export const configSecretKey = (registry: AppRegistry): SecretKey => registry.slot(keySlot).key;

export const encryptSecret = (key: SecretKey, plain: string) => {
  if (!key) throw fail('未配置密钥加密密钥（CONFIG_SECRET_KEY），不能保存密钥类参数');
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `${SECRET_PREFIX}${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
};

export const decryptSecret = (key: SecretKey, stored: string) => {
  if (!isEncrypted(stored)) return stored;
  if (!key) throw fail('未配置密钥加密密钥（CONFIG_SECRET_KEY），无法读取支付密钥');
  const raw = Buffer.from(stored.slice(SECRET_PREFIX.length), 'base64');
  try {
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    throw fail('支付密钥无法解密，请检查 CONFIG_SECRET_KEY 是否与保存时一致');
  }
};

/** An API row of configs as every read shows it: a secret is 已设置 or empty. */
export const maskConfigRow = <T extends Record<string, unknown>>(row: T): T =>
  isSecretKey(row.config_key) || isEncrypted(row.config_value)
    ? { ...row, config_value: row.config_value ? SECRET_MASK : '' }
    : row;

/**
 * The column value to write for a secret setting: a blank value (or the mask the form showed)
 * keeps the stored one — encrypted if it was plain — and a new value is encrypted.
 * undefined means: leave the column as it is.
 */
export const secretToStore = (key: SecretKey, incoming: unknown, existing: string | undefined): string | undefined => {
  const typed =
    typeof incoming === 'string' ? incoming : incoming === undefined || incoming === null ? '' : String(incoming);
  if (typed === '' || typed === SECRET_MASK) {
    if (existing === undefined) return '';
    return existing && !isEncrypted(existing) && key ? encryptSecret(key, existing) : undefined;
  }
  return encryptSecret(key, typed);
};

/** Encrypts secret settings an older release stored as plain text (at start, when a key is set). */
export const encryptPlainSecrets = async (db: Db, key: SecretKey) => {
  if (!key) return 0;
  const rows = await db
    .select({ id: configs.id, key: configs.configKey, value: configs.configValue })
    .from(configs)
    .where(and(sql`${configs.configValue} <> ''`, not(like(configs.configValue, `${SECRET_PREFIX}%`))));
  const plain = rows.filter((r) => isSecretKey(r.key));
  for (const r of plain)
    await db
      .update(configs)
      .set({ configValue: encryptSecret(key, r.value) })
      .where(eq(configs.id, r.id));
  return plain.length;
};

/** The demo start keeps its generated key in DATA_DIR, so a restart can still decrypt. */
export const localSecretKey = (dataDir: string) => {
  const dir = resolve(dataDir);
  const file = join(dir, 'config-secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const k = randomBytes(32).toString('hex');
  writeFileSync(file, `${k}\n`, { mode: 0o600 });
  return k;
};
