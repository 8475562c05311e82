import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../core/auth/actor.ts';
import { isSecretColumn } from '../../../core/secret-columns.ts';
import { cleanRow } from './read.ts';
import { exporterOf, exportFileName } from './service.ts';

const actor = (over: Partial<Actor>): Actor => ({
  id: 1,
  kind: 'web',
  tenantId: 3,
  operatorId: null,
  isSuper: true,
  name: '管理员',
  userName: 'property',
  tokenId: 1,
  ...over,
});

describe('数据导出 rules', () => {
  it('is the company super administrator’s alone, whatever rights another user holds', () => {
    expect(exporterOf(actor({})).tenantId).toBe(3);
    expect(() => exporterOf(actor({ isSuper: false }))).toThrow('无权限');
    expect(() => exporterOf(actor({ kind: 'operator', tenantId: null, operatorId: 2 }))).toThrow('无权限');
    expect(() => exporterOf(actor({ kind: 'sys', tenantId: null }))).toThrow('无权限');
  });

  it('blanks secret columns and encrypted values, keeps flags and personal data', () => {
    const cols = [
      { name: 'password_hash', type: 'text' },
      { name: 'must_change_password', type: 'boolean' },
      { name: 'token_hash', type: 'character varying(64)' },
      { name: 'secret', type: 'text' },
      { name: 'phone', type: 'character varying(20)' },
      { name: 'remark', type: 'text' },
    ];
    expect(cols.filter(isSecretColumn).map((c) => c.name)).toEqual(['password_hash', 'token_hash', 'secret']);
    expect(cleanRow('users', cols, ['$2a$hash', 'true', 'abc', 'enc:v1:x', '13800000001', 'enc:v1:zz'])).toEqual([
      '',
      'true',
      '',
      '',
      '13800000001',
      '',
    ]);
    const config = [
      { name: 'config_key', type: 'character varying(64)' },
      { name: 'config_value', type: 'text' },
    ];
    expect(cleanRow('configs', config, ['wechat_private_key', 'plain-old'])).toEqual(['wechat_private_key', '']);
    expect(cleanRow('configs', config, ['service_phone', '0571-1234567'])).toEqual(['service_phone', '0571-1234567']);
    expect(cleanRow('configs', config, ['x', null])).toEqual(['x', null]);
  });

  it('names the zip after the company and the day in Beijing', () => {
    expect(exportFileName('阳光物业', new Date('2026-03-01T17:00:00Z'))).toBe('阳光物业-数据导出-20260302.zip');
    expect(exportFileName('A/B:C', new Date('2026-03-01T00:00:00Z'))).toBe('A_B_C-数据导出-20260301.zip');
  });
});
