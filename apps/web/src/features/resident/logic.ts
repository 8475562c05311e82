import type {
  ResidentAction,
  ResidentAnswer,
  ResidentBill,
  ResidentHome,
  ResidentModuleKey,
  ResidentQuestion,
} from '@5a/contracts/endpoints/resident';

/** the server's own messages, so the page says what a refused call would have said */
export const SignInMsg = {
  phone: '请输入手机号',
  phoneFormat: '手机号码格式错误',
  code: '请输入验证码',
  codeFormat: '验证码为6位数字',
} as const;

export const phoneError = (v: string | undefined): string | null => {
  const s = (v ?? '').trim();
  if (!s) return SignInMsg.phone;
  return /^1[3-9]\d{9}$/.test(s) ? null : SignInMsg.phoneFormat;
};

export const codeError = (v: string | undefined): string | null => {
  const s = (v ?? '').trim();
  if (!s) return SignInMsg.code;
  return /^\d{6}$/.test(s) ? null : SignInMsg.codeFormat;
};

/** whole seconds until `until` (ms), never below zero: the 获取验证码 button waits them out */
export const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));
export const codeButtonText = (left: number) => (left > 0 ? `${left}秒后重新获取` : '获取验证码');

/** the page's modules in the order the home shows them */
export const MODULES: { key: ResidentModuleKey; title: string }[] = [
  { key: 'questionnaire', title: '问卷调查' },
  { key: 'vote', title: '社区投票' },
  { key: 'neighbour', title: '邻里圈' },
  { key: 'bill', title: '我的账单' },
  { key: 'repair', title: '报事报修' },
];
export const moduleTitle = (key: ResidentModuleKey) => MODULES.find((m) => m.key === key)?.title ?? '';

/** what the chosen home's village switched on; a one-time link's session sees only its own action */
export const visibleModules = (home: ResidentHome | undefined, action: ResidentAction | null) =>
  MODULES.filter((m) => (home?.modules ?? []).includes(m.key) && (action === null || m.key === action));

/** the home the page acts as: the one picked, while it is still his, else his first */
export const homeOf = (homes: ResidentHome[], personId: number | null) =>
  homes.find((h) => h.person_id === personId) ?? homes[0];

export const homeLabel = (h: ResidentHome) => `${h.village_name} ${h.address}`;

/** the page's query without the one-time link's token: the address bar must not keep a used link */
export const withoutLink = (search: string, key: string) => {
  const q = new URLSearchParams(search);
  q.delete(key);
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** what the form holds for a question: an option id (单选), option ids (多选) or text (问答) */
export type AnswerValue = number | number[] | string | undefined;
export type BuiltAnswers = { ok: true; answers: ResidentAnswer[] } | { ok: false; questionId: number; error: string };
export const QA_MAX = 500;

/**
 * The answers as the server takes them, in the questions' order: every question answered (a single choice one
 * option, a multiple choice one or more, a Q&A 1–500 characters), refused with the server's own words otherwise.
 */
export const buildAnswers = (questions: ResidentQuestion[], values: Record<number, AnswerValue>): BuiltAnswers => {
  const answers: ResidentAnswer[] = [];
  for (const q of questions) {
    const v = values[q.id];
    const refuse = (why: string) => ({ ok: false as const, questionId: q.id, error: `「${q.title}」 ${why}` });
    if (q.type === 3) {
      const text = typeof v === 'string' ? v.trim() : '';
      if (!text) return refuse('请填写回答');
      if (text.length > QA_MAX) return refuse(`回答不能超过${QA_MAX}个字符`);
      answers.push({ question_id: q.id, text });
      continue;
    }
    const ids = Array.isArray(v) ? v : typeof v === 'number' ? [v] : [];
    if (!ids.length) return refuse(`请选择${q.type === 1 ? '一个' : '至少一个'}选项`);
    answers.push({ question_id: q.id, option_ids: q.type === 1 ? ids.slice(0, 1) : ids });
  }
  return { ok: true, answers };
};

/** the question a refused answer names (its field is `q<id>`) */
export const questionOfField = (field: string) => (/^q(\d+)$/.test(field) ? Number(field.slice(1)) : null);

/** a resolution of the owners' assembly: counted by area and head */
export const isResolution = (voteType: number) => voteType === 3 || voteType === 4;
export const RESOLUTION_NOTE = '业主大会表决按专有部分面积和人数双过半（重大事项四分之三）计票';

/** one payment is for one house: once a bill is chosen, the other houses' bills wait */
export const billDisabled = (bills: ResidentBill[], selected: number[], bill: ResidentBill) => {
  const first = bills.find((b) => selected.includes(b.id));
  return first !== undefined && first.house_id !== bill.house_id;
};

/** ticks or unticks a bill; a bill of another house than the chosen ones is not taken */
export const toggleBill = (bills: ResidentBill[], selected: number[], id: number) => {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  const bill = bills.find((b) => b.id === id);
  if (!bill || billDisabled(bills, selected, bill)) return selected;
  return [...selected, id];
};

const cents = (s: string) => Math.round(Number(s) * 100) || 0;
/** money with two decimals, added in cents so that 0.1 + 0.2 stays 0.30 */
export const money = (s: string | number) => (cents(String(s)) / 100).toFixed(2);
export const billsTotal = (bills: ResidentBill[], selected: number[]) =>
  (bills.filter((b) => selected.includes(b.id)).reduce((sum, b) => sum + cents(b.total), 0) / 100).toFixed(2);

export const dateOf = (s: string) => s.slice(0, 10);
/** a post's time to the minute */
export const minuteOf = (s: string) => s.slice(0, 16);

export const MAX_POST_PICS = 9;
export const MAX_REPAIR_PICS = 3;
/** how many of the picked files still fit */
export const roomFor = (have: number, max: number, picked: number) => Math.max(0, Math.min(picked, max - have));
