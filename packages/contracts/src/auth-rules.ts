/** Login kinds and the account field rules (username, password, mobile, email): plain values, kept free of zod so the web can import them alone. */
export const loginKinds = ['sys', 'operator', 'web'] as const;
export type LoginKind = (typeof loginKinds)[number];

/** Route name of each login page → the login endpoint kind. */
export const loginPageKind: Record<'adminlogin' | 'operatorlogin' | 'login', LoginKind> = {
  adminlogin: 'sys',
  operatorlogin: 'operator',
  login: 'web',
};

/** Account field rules the web form and the server both apply */
export const usernameRule = /^[A-Za-z0-9_]{3,12}$/;
export const passwordRule = /^(?![0-9]+$)(?![a-zA-Z]+$)(?![_]+$)[A-Za-z0-9_]{6,16}$/;
export const passwordRuleMsg = '密码为6-16位字母、数字或下划线，且不能只有一种字符';
export const mobileRule = /^1[3-9]\d{9}$/;
export const emailRule = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
