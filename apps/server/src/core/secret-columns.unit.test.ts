import { describe, expect, it } from 'vitest';
import { isSecretColumn } from './secret-columns.ts';

describe('isSecretColumn', () => {
  it('names secrets by a column’s SQL name or a row’s key, never a flag, never personal data', () => {
    const secret = [
      'password_hash',
      'passwordHash',
      'token_hash',
      'tokenHash',
      'code_hash',
      'codeHash',
      'secret',
      'apiKey',
      'api_key',
      'apiV3Key',
      'apiv3_key',
      'privateKey',
      'private_key',
      'mch_cert',
      'salt',
      'passwd',
    ];
    const plain = [
      'phone',
      'id_card',
      'idCard',
      'remark',
      'name',
      'config_key',
      'menu_key',
      'owner_key',
      'salty',
      'hash_code',
    ];
    expect(secret.filter((name) => !isSecretColumn({ name }))).toEqual([]);
    expect(plain.filter((name) => isSecretColumn({ name }))).toEqual([]);
    expect(isSecretColumn({ name: 'must_change_password', type: 'boolean' })).toBe(false);
    expect(isSecretColumn({ name: 'mustChangePassword', type: 'boolean' })).toBe(false);
    expect(isSecretColumn({ name: 'must_change_password', type: 'text' })).toBe(true);
  });
});
