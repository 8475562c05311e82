import {
  encryptPassword,
  type Captcha,
  type LoginData,
  type LoginKind,
  type MenuReply,
  type SiteInfo,
  type UserInfo,
} from '@5a/contracts';
import { repairApi } from '@5a/contracts/endpoints/repair';
import { call } from './call.ts';
import { send } from './http.ts';

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
  return send<LoginData>(
    `/Passport/User/Login/${kind}`,
    { user_name: userName, user_password: userPassword, timestamp, form_id: formId, ...captcha },
    { silent: true },
  );
};

export const getCaptcha = () => send<Captcha>('/Passport/User/Login/captcha', {}, { silent: true });

export const logoutCall = () =>
  send<unknown>('/Passport/User/Login/logout', {}, { silent: true, skipAuthFailure: true });

export const getSiteInfo = () => send<SiteInfo>('/Passport/User/Login/getSiteInfo', {}, { silent: true });

export const getMenu = () => send<MenuReply>('/Common/Menu/Menu', {});

export const getUser = () => send<UserInfo>('/Passport/User/Info/getUser', {});

export type UserEditBody = {
  name: string;
  old_password?: string;
  user_password?: string;
  re_password?: string;
  isAdmin: boolean;
};
export const editUser = (body: UserEditBody) => send<unknown>('/Passport/User/Info/edit', body, { silent: true });

/** a property company's subscription: the shell's banner before and after its expiry */
export type ServiceState = {
  expire: string | null;
  daysLeft: number | null;
  graceDays: number;
  readOnly: boolean;
  message: string;
};
export const getServiceState = () => send<ServiceState>('/Web/Renewal/Service/state', {}, { silent: true });

export const updateTheme = (theme: string) => send<unknown>('/Common/User/Info/updateTheme', { theme });

export const getReportNum = () => call(repairApi.reportNum, {}, { silent: true });
/** the bell was opened: every unread report the user sees is read (the next poll counts only new ones) */
export const markReportsRead = () => call(repairApi.markRead, {}, { silent: true });
