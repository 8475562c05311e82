import { endpoint, type Id } from '../endpoint.ts';

/** 问卷调查 and 社区投票: the calls of their screens beyond the engine's list. */
export const QUESTIONNAIRE_BASE = '/Web/Community/Questionnaire';
export const VOTE_BASE = '/Web/Community/Vote';

/** question types: 1 单选, 2 多选, 3 问答 */
export type QuestionType = 1 | 2 | 3;
export const QUESTION_TYPES = [
  { label: '单选', value: 1 },
  { label: '多选', value: 2 },
  { label: '问答', value: 3 },
] as const;
/** a questionnaire's state as the list shows it */
export const QUESTIONNAIRE_STATES = [
  { label: '草稿', value: 0 },
  { label: '已发布', value: 1 },
  { label: '已结束', value: 2 },
] as const;
/** 1 投票（每户一票）, 2 投票（每人一票）, 3 业主大会表决（一般事项）, 4 业主大会表决（重大事项） */
export const VOTE_TYPES = [
  { label: '投票（每户一票）', value: 1 },
  { label: '投票（每人一票）', value: 2 },
  { label: '业主大会表决（一般事项）', value: 3 },
  { label: '业主大会表决（重大事项）', value: 4 },
] as const;
export const VOTE_STATES = [
  { label: '待审核', value: 1 },
  { label: '已驳回', value: 2 },
  { label: '投票中', value: 3 },
  { label: '已结束', value: 4 },
] as const;
/** the audit dialog's choice: 0 通过（发布）, 2 驳回 */
export const VOTE_AUDIT = [
  { label: '通过', value: 0 },
  { label: '驳回', value: 2 },
] as const;

/** an option of a question as the editor shows it: its text and order number */
export type QuestionAnswer = { id: number; text: string; seqs: number };
export type Question = { id: number; title: string; type: QuestionType; sort: number; Answer: QuestionAnswer[] };
export type QuestionnaireDetail = {
  id: number;
  title: string;
  status: number;
  /** answered by someone: its questions can no longer change */
  locked: boolean;
  questions: Question[];
};
/** an option as the dialogs send it */
export type AnswerInput = { text: string; seqs: Id };
export type QuestionRow = { id?: Id; title?: string; type?: Id; Answer?: AnswerInput[] };
/** 删除 {row: {id}, isDel: 1}, 修改 {row, isEdit: 1}, 新增 {id, row, wdContent} */
export type QuestionnaireSaveBody =
  | { row: QuestionRow; isDel: 1 }
  | { row: QuestionRow; isEdit: 1 }
  | { id: Id; row: QuestionRow; wdContent: { value: string; sort: Id }[] };

export type OptionResult = { id: number; text: string; num: number; percent: string };
export type TextAnswer = { name: string; text: string; time: string };
export type QuestionResult = {
  id: number;
  title: string;
  type: QuestionType;
  options: OptionResult[];
  texts: TextAnswer[];
};
export type Respondent = { name: string; tel: string; address: string; time: string };
export type QuestionnaireResults = {
  id: number;
  title: string;
  village: string;
  start_time: string;
  end_time: string;
  respondents: number;
  questions: QuestionResult[];
  people: Respondent[];
};

export const questionnaireApi = {
  get: endpoint<{ id: Id }, QuestionnaireDetail>(`${QUESTIONNAIRE_BASE}/QuestionnaireGet`),
  save: endpoint<QuestionnaireSaveBody, { id: number }>(`${QUESTIONNAIRE_BASE}/QuestionnaireSave`),
  sort: endpoint<{ id: Id; qtList: Id[] }, { id: number }>(`${QUESTIONNAIRE_BASE}/QuestionnaireSort`),
  results: endpoint<{ id: Id }, QuestionnaireResults>(`${QUESTIONNAIRE_BASE}/results`),
} as const;

/** how a resolution was decided: areas are m² with two decimals */
export type VoteTally = {
  matter: 'major' | 'ordinary';
  area_total: string;
  area_voted: string;
  area_yes: string;
  owners_total: number;
  owners_voted: number;
  owners_yes: number;
  turnout_met: boolean;
  passed: boolean;
};
export type VoteOptionView = { id: number; text: string; num: number; Percent: string; status: number };
export type VoteView = {
  id: number;
  title: string;
  desc: string;
  img: string;
  vote_type: number;
  state: number;
  test: string;
  village: string;
  etime: string;
  /** when it was published (the voting period's start), '' before */
  published: string;
  persons: number;
  votOptions: VoteOptionView[];
  tally?: VoteTally;
};
export type VoteVoter = {
  name: string;
  tel: string;
  address: string;
  vote: string;
  vote_time: string;
  proxy: string;
  /** the staff user who entered a written ballot, '' for one cast on the phone */
  recorder: string;
  remark: string;
};
/** an owner (a resolution) or resident (a poll) of the vote's village who may vote, for entering a written ballot */
export type VoteVoterOption = { id: number; name: string; address: string; voted: boolean };
/** who a written ballot is for: a resident's id, or 'dev' — the developer, for its units without an owner */
export type WrittenBallotBody = { id: Id; voter: Id | 'dev'; optionId: Id; remark?: string };

export const voteApi = {
  /** 审核: type 0 通过 (publishes it), 2 驳回 with auditmsg */
  audit: endpoint<{ type: Id; auditmsg?: string; id: Id }, { id: number; state: number }>(`${VOTE_BASE}/audit`),
  cview: endpoint<{ id: Id }, VoteView>(`${VOTE_BASE}/cview`),
  /** voters of option `id` of vote `rowId` (id 0: every voter) */
  cviewdetail: endpoint<{ rowId: Id; id: Id }, VoteVoter[]>(`${VOTE_BASE}/cviewdetail`),
  /** the village's voters matching a name, and whether the developer holds units on a resolution's roll */
  voters: endpoint<{ id: Id; name?: string }, { list: VoteVoterOption[]; developer_units: number }>(
    `${VOTE_BASE}/voters`,
  ),
  /** 录入书面表决: staff enter a paper ballot (an owner's, or the developer's) while the vote is open */
  written: endpoint<WrittenBallotBody, { changed: boolean }>(`${VOTE_BASE}/written`),
} as const;
