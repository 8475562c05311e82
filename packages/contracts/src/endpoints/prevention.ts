import { dialogEndpoint, endpoint, type Id, type NoBody } from '../endpoint.ts';

const B = '/Web/Epidemic/Protection';

/** The prevention tag: only a resident carrying it has a health code and a pass status. */
export const PREVENTION_TAG = '1';

/** 健康码 1 绿码, 2 黄码, 3 红码 */
export const HEALTH_CODES = [
  { label: '绿码', value: 1 },
  { label: '黄码', value: 2 },
  { label: '红码', value: 3 },
] as const;
/** 通行状态 1 正常通行, 2 居家隔离, 3 禁止通行 */
export const PASS_STATUSES = [
  { label: '正常通行', value: 1 },
  { label: '居家隔离', value: 2 },
  { label: '禁止通行', value: 3 },
] as const;

/** The control dialog's refusals, the same words on both sides. */
export const ControlMsg = {
  healthCode: '请选择健康码',
  passStatus: '请选择通行状态',
  greenPass: '健康码为绿码时通行状态应为正常通行',
  notNormal: '健康码为黄码或红码时不能正常通行',
  start: '请选择隔离开始日期',
  end: '请选择隔离结束日期',
  endBeforeStart: '隔离结束日期不能早于开始日期',
} as const;

/** 防控 dialog's form: the resident's tags (comma-joined values of person_tag) and, with tag 1, his control */
export type ControlBody = {
  id: Id;
  tags: string | string[];
  health_code?: Id | null;
  pass_status?: Id | null;
  start_time?: string | null;
  end_time?: string | null;
};
export type ControlDetail = {
  id: number;
  name: string;
  tags: string;
  health_code: number;
  pass_status: number;
  start_time: string;
  end_time: string;
};
export type TagOption = { label: string; value: string };

/** 关爱规则: per resident tag, on or off and the hours without a passage that raise a care alert */
export type CareRule = { tag: string; label: string; enabled: boolean; hours: number };
export type CareRulesBody = { rules: { tag: string; enabled: boolean; hours: number }[] };
/** 数据保留: days an ended isolation keeps its health details */
export type RetentionBody = { retention_days: number };

export const preventionApi = {
  /** the company's resident tags (dictUrl) */
  dict: endpoint<NoBody, { tags: TagOption[] }>(`${B}/tagDict`),
  /** the resident's tags and control as the dialog edits them (detailUrl) */
  detail: endpoint<{ id: Id }, ControlDetail>(`${B}/control`),
  /** saves tags and control by the rules (editUrl) */
  edit: endpoint<ControlBody, ControlDetail>(`${B}/saveControl`),
  careRulesOf: endpoint<NoBody, CareRule[]>(`${B}/careRulesOf`),
  careRules: dialogEndpoint<CareRulesBody, CareRule[]>(`${B}/careRules`, {
    screen: 'Protection',
    dialog: 'careRules',
    title: '关爱规则',
    selection: 'none',
  }),
  retentionOf: endpoint<NoBody, RetentionBody>(`${B}/retentionOf`),
  retention: dialogEndpoint<RetentionBody, RetentionBody>(`${B}/retention`, {
    screen: 'Protection',
    dialog: 'preventionRetention',
    title: '数据保留',
    selection: 'none',
  }),
} as const;

/** the tags a form or row holds, as values */
export const tagsOf = (tags: string | readonly string[] | null | undefined): string[] =>
  (typeof tags === 'string' ? tags.split(',') : [...(tags ?? [])]).map((t) => String(t).trim()).filter(Boolean);

/** health and passage apply only to a resident carrying the prevention tag */
export const underControl = (tags: string | readonly string[] | null | undefined) =>
  tagsOf(tags).includes(PREVENTION_TAG);

/**
 * The pass status a new health code brings: green → normal, red → home isolation, yellow turns normal into home
 * isolation and keeps a stricter one.
 */
export const passForCode = (code: number, current: number | null | undefined): number => {
  if (code === 1) return 1;
  if (code === 3) return 2;
  return !current || current === 1 ? 2 : current;
};

/** 正常通行 cannot be chosen for a yellow or red code; a green code passes normally only */
export const passAllowed = (code: number, pass: number) => (code === 1 ? pass === 1 : pass !== 1);

/** isolation dates belong to a code above green */
export const needsDates = (code: number) => code > 1;

export type ControlValues = {
  health_code: number;
  pass_status: number;
  start_time: string | null;
  end_time: string | null;
};

/** The first rule a control breaks, with the field it names; null when it keeps them all. */
export const controlRefusal = (v: ControlValues): { field: keyof ControlValues; msg: string } | null => {
  if (![1, 2, 3].includes(v.health_code)) return { field: 'health_code', msg: ControlMsg.healthCode };
  if (![1, 2, 3].includes(v.pass_status)) return { field: 'pass_status', msg: ControlMsg.passStatus };
  if (!passAllowed(v.health_code, v.pass_status))
    return { field: 'pass_status', msg: v.health_code === 1 ? ControlMsg.greenPass : ControlMsg.notNormal };
  if (!needsDates(v.health_code)) return null;
  if (!v.start_time) return { field: 'start_time', msg: ControlMsg.start };
  if (!v.end_time) return { field: 'end_time', msg: ControlMsg.end };
  if (v.end_time < v.start_time) return { field: 'end_time', msg: ControlMsg.endBeforeStart };
  return null;
};
