import { describe, expect, it } from 'vitest';
import { userEditBody, userEditErrors } from './userEdit.ts';

const base = { name: '张三', old_password: '', user_password: '', re_password: '' };

describe('user settings rules', () => {
  it('requires a nickname', () => {
    expect(userEditErrors({ ...base, name: '  ' })).toEqual({ name: '用户昵称不能为空' });
  });
  it('needs matching passwords and the old password once a new one is typed', () => {
    expect(userEditErrors({ ...base, user_password: 'abc123', re_password: 'abc124' })).toEqual({
      re_password: '两次密码输入不一致',
      old_password: '旧密码不能为空',
    });
    expect(userEditErrors({ ...base, re_password: 'abc123' }).old_password).toBe('旧密码不能为空');
    expect(userEditErrors({ ...base, old_password: 'old1', user_password: 'abc123', re_password: 'abc123' })).toEqual(
      {},
    );
  });
  it('a first login (forced) cannot save without a new password', () => {
    expect(userEditErrors(base, true)).toEqual({ user_password: '请设置新密码' });
    expect(userEditErrors(base)).toEqual({});
    expect(
      userEditErrors({ ...base, old_password: 'old1', user_password: 'abc123', re_password: 'abc123' }, true),
    ).toEqual({});
  });
  it('sends password fields only when the new password is non-empty', () => {
    expect(userEditBody({ ...base, old_password: 'x' }, false)).toEqual({ name: '张三', isAdmin: false });
    expect(
      userEditBody({ ...base, old_password: 'old1', user_password: 'abc123', re_password: 'abc123' }, true),
    ).toEqual({
      name: '张三',
      isAdmin: true,
      old_password: 'old1',
      user_password: 'abc123',
      re_password: 'abc123',
    });
  });
});
