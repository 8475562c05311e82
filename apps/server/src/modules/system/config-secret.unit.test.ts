import { describe, expect, it } from 'vitest';
import {
  decryptSecret as decryptWith,
  encryptSecret as encryptWith,
  isSecretKey,
  maskConfigRow,
  secretKeyOf,
  secretToStore as toStoreWith,
  type SecretKey,
} from './config-secret.ts';

// the key an app holds, set as the app sets it from its configuration
let key: SecretKey = null;
const setConfigSecretKey = (secret: string | undefined) => {
  key = secretKeyOf(secret);
};
const encryptSecret = (plain: string) => encryptWith(key, plain);
const decryptSecret = (stored: string) => decryptWith(key, stored);
const secretToStore = (incoming: unknown, existing: string | undefined) => toStoreWith(key, incoming, existing);

describe('secret settings at rest', () => {
  it('round-trips through AES-256-GCM with a fresh IV each time and reads legacy plain text as it is', () => {
    setConfigSecretKey('a'.repeat(64));
    const a = encryptSecret('-----BEGIN PRIVATE KEY-----');
    expect(a).toMatch(/^enc:v1:/);
    expect(encryptSecret('-----BEGIN PRIVATE KEY-----')).not.toBe(a);
    expect(decryptSecret(a)).toBe('-----BEGIN PRIVATE KEY-----');
    expect(decryptSecret('plain-from-an-older-release')).toBe('plain-from-an-older-release');
  });

  it('refuses a tampered value, another key, and storing without a key', () => {
    setConfigSecretKey('first key');
    const v = encryptSecret('apiv3');
    const tampered = `${v.slice(0, -4)}${v.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(() => decryptSecret(tampered)).toThrow('支付密钥无法解密');
    setConfigSecretKey('second key');
    expect(() => decryptSecret(v)).toThrow('支付密钥无法解密');
    setConfigSecretKey(undefined);
    expect(() => encryptSecret('x')).toThrow('CONFIG_SECRET_KEY');
    expect(() => decryptSecret(v)).toThrow('CONFIG_SECRET_KEY');
  });

  it('knows secret keys by name and pattern, masks them, and keeps a stored one on a blank edit', () => {
    for (const k of [
      'wechat_private_key',
      'wechat_apiv3_key',
      'wechat_app_secret',
      'wechat_platform_key',
      'sms_password',
      'ALIPAY_PRIVATE',
      'client_secret',
    ])
      expect(isSecretKey(k)).toBe(true);
    for (const k of ['wechat_mchid', 'wechat_appid', 'service_phone', 'site_title']) expect(isSecretKey(k)).toBe(false);
    expect(maskConfigRow({ config_key: 'wechat_app_secret', config_value: 'x' }).config_value).toBe('已设置');
    expect(maskConfigRow({ config_key: 'wechat_app_secret', config_value: '' }).config_value).toBe('');
    expect(maskConfigRow({ config_key: 'wechat_mchid', config_value: '1900000001' }).config_value).toBe('1900000001');

    setConfigSecretKey('k');
    const stored = encryptSecret('old');
    expect(secretToStore('', stored)).toBeUndefined();
    expect(secretToStore('已设置', stored)).toBeUndefined();
    expect(decryptSecret(secretToStore('', 'legacy plain')!)).toBe('legacy plain');
    expect(decryptSecret(secretToStore('new', stored)!)).toBe('new');
    expect(secretToStore('', undefined)).toBe('');
  });
});
