import { encryptPassword, type LoginKind } from '@5a/contracts';
import { authApi, loginPath, type UserEditBody } from '@5a/contracts/endpoints/auth';
import { servicesApi } from '@5a/contracts/endpoints/services';
import { call, callMsg } from './call.ts';
import { repairApi } from '@5a/contracts/endpoints/repair';

const uuid = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** the captcha a login carries once the server asked for one: the picture's id and the user's answer */
export type LoginCaptchaAnswer = { randstr: string; ticket: string };

export const login = async (kind: LoginKind, userName: string, password: string, captcha?: LoginCaptchaAnswer) => {
  const timestamp = Date.now();
  const formId = uuid();
  const userPassword = await encryptPassword(userName, timestamp, formId, password);
  return call(
    authApi.login,
    { user_name: userName, user_password: userPassword, timestamp, form_id: formId, ...captcha },
    { at: loginPath(kind), silent: true },
  );
};

export const getCaptcha = () => call(authApi.captcha, {}, { silent: true });

export const logoutCall = () => call(authApi.logout, {}, { silent: true, skipAuthFailure: true });

export const getSiteInfo = () => call(authApi.siteInfo, {}, { silent: true });

export const getMenu = () => call(authApi.menu, {});

export const getUser = () => call(authApi.user, {});

export type { UserEditBody };
export const editUser = (body: UserEditBody) => callMsg(authApi.edit, body, { silent: true });

export type { ServiceState } from '@5a/contracts/endpoints/services';
export const getServiceState = () => call(servicesApi.state, {}, { silent: true });

export const updateTheme = (theme: string) => callMsg(authApi.theme, { theme });

export const getReportNum = () => call(repairApi.reportNum, {}, { silent: true });
/** the bell was opened: every unread report the user sees is read (the next poll counts only new ones) */
export const markReportsRead = () => call(repairApi.markRead, {}, { silent: true });
