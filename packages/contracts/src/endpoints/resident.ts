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

/** a call made as one of his homes (a person row of the session's) */
export type AsHome = { person_id: Id };

export type ResidentQuestionnaire = {
  id: number;
  title: string;
  village_name: string;
  start_time: string;
  end_time: string;
  answered: boolean;
};
/** 1 单选, 2 多选, 3 问答 */
export type ResidentQuestion = { id: number; title: string; type: 1 | 2 | 3; options: { id: number; text: string }[] };
export type ResidentQuestionnaireDetail = ResidentQuestionnaire & { questions: ResidentQuestion[] };
export type ResidentAnswer = { question_id: Id; option_ids?: Id[]; text?: string };

/** vote_type 1 每户一票, 2 每人一票, 3 业主大会表决（一般事项）, 4（重大事项） */
export type ResidentVote = {
  id: number;
  title: string;
  description: string;
  vote_type: number;
  etime: string;
  options: { id: number; text: string }[];
  /** the option his current ballot chose; he may change it until the vote ends */
  my_option_id: number | null;
  /** a resolution: the units he votes for and their area (m², two decimals) */
  units: { address: string; area: string }[];
  /** whom he entrusted to vote for him ('' : nobody) */
  entrusted_to: string;
  /** the owners who entrusted him, with the option each one's current ballot chose */
  proxy_for: { person_id: number; name: string; option_id: number | null }[];
};
export type EntrustBody = AsHome & { id: Id; proxy_name: string; proxy_phone: string };

export type ResidentPost = {
  id: number;
  name: string;
  avatar: string;
  content: string;
  img: string[];
  type: number;
  auditmsg: string;
  create_time: string;
  loves: number;
  comments: number;
  liked: boolean;
  mine: boolean;
};

const H = '/H5/Resident';
export const residentApi = {
  sendCode: endpoint<{ phone: string }, SendCodeReply>(`${H}/Login/sendCode`),
  login: endpoint<LoginBody, LoginReply>(`${H}/Login/login`),
  link: endpoint<{ token: string }, LoginReply>(`${H}/Login/link`),
  logout: endpoint<Record<string, never>, null>(`${H}/Login/logout`),
  me: endpoint<Record<string, never>, ResidentMe>(`${H}/Me/info`),
  bills: endpoint<Record<string, never>, ResidentBill[]>(`${H}/Bill/list`),
  pay: endpoint<{ bill_ids: Id[] }, ResidentPayReply>(`${H}/Bill/pay`),
  questionnaires: endpoint<AsHome, ResidentQuestionnaire[]>(`${H}/Questionnaire/list`),
  questionnaire: endpoint<AsHome & { id: Id }, ResidentQuestionnaireDetail>(`${H}/Questionnaire/detail`),
  answer: endpoint<AsHome & { id: Id; answers: ResidentAnswer[] }, { answered: number }>(`${H}/Questionnaire/answer`),
  votes: endpoint<AsHome, ResidentVote[]>(`${H}/Vote/list`),
  /** his vote, or — with for_person_id — the vote of an owner who entrusted him */
  castVote: endpoint<AsHome & { id: Id; option_id: Id; for_person_id?: Id }, { option_id: number }>(`${H}/Vote/cast`),
  /** 委托投票: another resident of his village votes for him in this vote (named by name and phone) */
  entrust: endpoint<EntrustBody, { proxy_name: string }>(`${H}/Vote/entrust`),
  posts: endpoint<AsHome & { after?: Id }, ResidentPost[]>(`${H}/Neighbour/list`),
  createPost: endpoint<AsHome & { content: string; imgs?: string[] }, { id: number; type: number; held_words: string }>(
    `${H}/Neighbour/post`,
  ),
  likePost: endpoint<AsHome & { post_id: Id; like?: boolean }, { post_id: number; liked: boolean }>(
    `${H}/Neighbour/like`,
  ),
  commentPost: endpoint<AsHome & { post_id: Id; content: string }, { id: number }>(`${H}/Neighbour/comment`),
  /** 报事报修: a work order of the village's repair flow */
  reportRepair: endpoint<AsHome & { problem: string; imgs?: string[] }, { id: number }>(`${H}/Repair/report`),
  /** a picture for a post or a repair (multipart `file`), stored under his company */
  upload: endpoint<FormData, { path: string }>(`${H}/Upload/image`),
  /** staff: what a resident may be sent a link for (his village's questionnaires and votes, his house's bills) */
  linkTargets: dialogEndpoint<{ person_id: Id; action: ResidentAction }, ActionTarget[]>(
    '/Web/Resident/ActionLink/targets',
    { screen: 'GatePerson', dialog: 'residentActionLink', title: '发送办理链接', selection: 'single' },
  ),
  /** staff: a one-time link for one action, sent to the resident's phone */
  sendLink: endpoint<ActionLinkBody, ActionLinkReply>('/Web/Resident/ActionLink/send'),
} as const;
