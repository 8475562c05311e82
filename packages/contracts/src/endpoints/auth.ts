import type { Captcha, LoginData, LoginKind, LoginRequest, SiteInfo, UserInfo } from '../auth.ts';
import { endpoint, type NoBody } from '../endpoint.ts';
import type { MenuReply } from '../menu.ts';

/** User settings as the dialog sends them: the password fields only with a new password. */
export type UserEditBody = {
  name: string;
  old_password?: string;
  user_password?: string;
  re_password?: string;
  /** the platform's own settings dialog; the server reads nothing from it */
  isAdmin?: boolean;
};

const LOGIN = '/Passport/User/Login';

/** Logging in and out, and the signed-in user's own record and menu (what the session loads). */
export const authApi = {
  /** `:kind` is the entrance (sys 平台, operator 运营商, web 物业): call it at `loginPath(kind)` */
  login: endpoint<LoginRequest, LoginData>(`${LOGIN}/:kind`),
  /** the picture a login needs after failures; its randstr and the answer (ticket) ride on the next login */
  captcha: endpoint<NoBody, Captcha>(`${LOGIN}/captcha`),
  logout: endpoint<NoBody, null>(`${LOGIN}/logout`),
  siteInfo: endpoint<NoBody, SiteInfo>(`${LOGIN}/getSiteInfo`),
  user: endpoint<NoBody, UserInfo>('/Passport/User/Info/getUser'),
  edit: endpoint<UserEditBody, null>('/Passport/User/Info/edit'),
  theme: endpoint<{ theme: string }, null>('/Common/User/Info/updateTheme'),
  /** the caller's menu tree and permission codes */
  menu: endpoint<NoBody, MenuReply>('/Common/Menu/Menu'),
} as const;

/** The login endpoint's address for one entrance. */
export const loginPath = (kind: LoginKind) => authApi.login.path.replace(':kind', kind);
