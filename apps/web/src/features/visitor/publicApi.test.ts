import { describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { ApiError } from '../../api/http.ts';
import { blockedBy, queryFrom } from './publicApi.ts';

describe('the visitor page', () => {
  it('reads its query, or none when a part is missing', () => {
    expect(queryFrom(new URLSearchParams('type=1&id=a.b'))).toEqual({ type: '1', id: 'a.b' });
    expect(queryFrom(new URLSearchParams('type=1'))).toBeNull();
    expect(queryFrom(new URLSearchParams(''))).toBeNull();
  });

  it('shows 二维码已过期 for an expired or revoked code, the closed notice, else 参数错误', () => {
    expect(blockedBy(new ApiError('二维码已过期', Code.expired))).toBe('expired');
    expect(blockedBy(new ApiError('该小区已关闭访客登记功能', Code.disabled))).toBe('closed');
    expect(blockedBy(new ApiError('参数错误', Code.validation))).toBe('badParams');
    expect(blockedBy(new Error('network'))).toBe('badParams');
  });
});
