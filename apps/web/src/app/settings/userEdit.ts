import { passwordRule, passwordRuleMsg } from '@5a/contracts';
import type { UserEditBody } from '../../api/endpoints.ts';

export type UserEditValues = { name: string; old_password: string; user_password: string; re_password: string };
export type UserEditField = keyof UserEditValues;

/** User settings rules; returns the first error per field. `forced`: a first login must set a new password. */
export const userEditErrors = (v: UserEditValues, forced = false): Partial<Record<UserEditField, string>> => {
  const errors: Partial<Record<UserEditField, string>> = {};
  if (!v.name.trim()) errors.name = '用户昵称不能为空';
  if (forced && !v.user_password) errors.user_password = '请设置新密码';
  if (v.user_password || v.re_password) {
    if (v.user_password !== v.re_password) errors.re_password = '两次密码输入不一致';
    if (!v.old_password) errors.old_password = '旧密码不能为空';
    if (v.user_password && !passwordRule.test(v.user_password)) errors.user_password = passwordRuleMsg;
  }
  return errors;
};

/** Request body: password fields only when the new password is non-empty. */
export const userEditBody = (v: UserEditValues, isAdmin: boolean): UserEditBody => {
  const body: UserEditBody = { name: v.name.trim(), isAdmin };
  if (v.user_password) {
    body.old_password = v.old_password;
    body.user_password = v.user_password;
    body.re_password = v.re_password;
  }
  return body;
};
