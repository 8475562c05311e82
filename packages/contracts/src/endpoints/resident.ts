import { dialogEndpoint, endpoint, type Id } from '../endpoint.ts';

/** The resident's phone page (no staff login): one public route, sized for a phone. */
export const RESIDENT_PAGE_PATH = '/h5';
/** the header the page sends its session in */
export const RESIDENT_TOKEN_HEADER = 'x-resident-token';
/** the phone page's query key of a one-time link's token */
export const RESIDENT_LINK_KEY = 'link';

/** what a one-time link may do */
export type ResidentAction = 'questionnaire' | 'vote' | 'bill';
export const RESIDENT_ACTIONS = [
  { label: '填写问卷', value: 'questionnaire' },
  { label: '参与投票', value: 'vote' },
  { label: '缴纳账单', value: 'bill' },
] as const;

/** a resident's modules on the phone page, as the village switched them on */
export type ResidentModuleKey = 'questionnaire' | 'vote' | 'neighbour' | 'bill' | 'repair';

export type SendCodeReply = { expires_in: number; resend_in: number };
export type LoginBody = { phone: string; code: string; tenant_id?: Id };
/** signed in (token), or the companies to choose from when the phone is a resident's in several */
export type LoginReply =
  | { token: string; expires_at: string; action: ResidentAction | null; target_id: number | null }
  | { choose: { tenant_id: number; name: string }[] };

/** one of the resident's registrations: a person row on a house */
export type ResidentHome = {
  person_id: number;
  name: string;
  village_id: number;
  village_name: string;
  house_id: number;
  address: string;
  /** the house's area in m² (two decimals) */
  area: string;
  /** 1 业主 / 2 租户 / 3 家属 */
  personnel_type: number;
  modules: ResidentModuleKey[];
};
export type ResidentMe = {
  phone: string;
  company: string;
  homes: ResidentHome[];
  /** a one-time link's session: the one thing it may do */
  action: ResidentAction | null;
  target_id: number | null;
};

export type ResidentBill = {
  id: number;
  house_id: number;
  address: string;
  name: string;
  period: string;
  amount: string;
  late_fee: string;
  total: string;
  due_date: string;
};
export type ResidentPayReply = { pay_url: string; amount: string };

export type ActionTarget = { value: number; label: string };
export type ActionLinkBody = { person_id: Id; action: ResidentAction; target_id: Id };
export type ActionLinkReply = { url: string; expires_at: string; phone: string };

const H = '/H5/Resident';
export const residentApi = {
  sendCode: endpoint<{ phone: string }, SendCodeReply>(`${H}/Login/sendCode`),
  login: endpoint<LoginBody, LoginReply>(`${H}/Login/login`),
  link: endpoint<{ token: string }, LoginReply>(`${H}/Login/link`),
  logout: endpoint<Record<string, never>, null>(`${H}/Login/logout`),
  me: endpoint<Record<string, never>, ResidentMe>(`${H}/Me/info`),
  bills: endpoint<Record<string, never>, ResidentBill[]>(`${H}/Bill/list`),
  pay: endpoint<{ bill_ids: Id[] }, ResidentPayReply>(`${H}/Bill/pay`),
  /** staff: what a resident may be sent a link for (his village's questionnaires and votes, his house's bills) */
  linkTargets: dialogEndpoint<{ person_id: Id; action: ResidentAction }, ActionTarget[]>(
    '/Web/Resident/ActionLink/targets',
    { screen: 'GatePerson', dialog: 'residentActionLink', title: '发送办理链接', selection: 'single' },
  ),
  /** staff: a one-time link for one action, sent to the resident's phone */
  sendLink: endpoint<ActionLinkBody, ActionLinkReply>('/Web/Resident/ActionLink/send'),
} as const;
