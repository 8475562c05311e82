import { describe, expect, it } from 'vitest';
import { interpretReply } from './envelope.ts';

describe('interpretReply', () => {
  it('unwraps code 0', () => {
    expect(interpretReply(200, { code: 0, msg: 'ok', data: { a: 1 } })).toEqual({ kind: 'ok', data: { a: 1 } });
  });
  it.each([50008, 50012, 50014])('treats %i as an identity failure', (code) => {
    expect(interpretReply(200, { code, msg: 'x', data: null }).kind).toBe('auth');
  });
  it('treats code 1 with the auth-expired message as an identity failure, other code-1 replies as errors', () => {
    expect(interpretReply(200, { code: 1, msg: '用户认证已失效，请重新登录', data: null }).kind).toBe('auth');
    expect(interpretReply(200, { code: 1, msg: '保存失败', data: null })).toEqual({
      kind: 'error',
      code: 1,
      msg: '保存失败',
    });
  });
  it('prefers an envelope message on HTTP errors, else the HTTP status text', () => {
    expect(interpretReply(400, { code: 10001, msg: '名称不能为空', data: null })).toEqual({
      kind: 'error',
      code: 10001,
      msg: '名称不能为空',
    });
    expect(interpretReply(500, null)).toEqual({ kind: 'error', code: -1, msg: '服务器内部错误' });
    expect(interpretReply(504, 'gateway')).toEqual({ kind: 'error', code: -1, msg: '网关超时' });
    expect(interpretReply(401, { code: 50008, msg: '', data: null }).kind).toBe('auth');
  });
});
