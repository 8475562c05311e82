import { describe, expect, it } from 'vitest';
import { loginFieldError, validateLogin } from './loginForm.ts';

describe('login form rules', () => {
  it('asks for both fields when empty', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({ username: '请输入用户名', password: '请输入密码' });
  });

  it('treats a blank user name as empty but keeps a password of spaces', () => {
    expect(loginFieldError('username', '   ')).toBe('请输入用户名');
    expect(loginFieldError('password', '   ')).toBe('');
  });

  it('passes filled fields', () => {
    expect(validateLogin({ username: 'property', password: 'Property_2026' })).toEqual({});
  });
});
