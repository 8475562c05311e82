import { endpoint, type Id, type NoBody } from '../endpoint.ts';

const B = '/Web/Repair/RepairManagement';
const E = '/Web/Repair/ReportThings';

/** A yuan amount as the forms send it. */
type YuanInput = string | number;

/** A step on one work order or one event report. */
export type RepairIdBody = { id: Id };
/** 派单 / 改派; times as YYYY-MM-DD HH:mm:ss */
export type DispatchBody = {
  id: Id;
  personid: Id;
  content: string;
  wctime: string;
  stime?: string;
  etime?: string;
};
/** 完成: costs in yuan; photos as a list or a comma list of own stored files */
export type CompleteBody = {
  id: Id;
  result: string;
  result_imgs?: string[] | string;
  material_cost?: YuanInput;
  labour_cost?: YuanInput;
};
export type VisitBody = { id: Id; rating: number | string; comment?: string };
/** 减免 / 取消 / 答复 */
export type ReasonBody = { id: Id; reason: string };
/** 标记已读: none chosen is every unread report the caller sees */
export type MarkReadBody = { ids?: Id | Id[] | string };

/** An order or a report after its step: its id and its new state. */
export type StepReply = { id: number; status: number };
/** 完成 of a paid service order: the bill it now waits for */
export type CompleteReply = StepReply & { bill_id?: number };
export type ToOrderReply = { id: number; order_id: number };

export type WorkerOption = { value: number; label: string };

export type RepairTimelineRow = {
  id: number;
  action: string;
  user_name: string;
  from_status: number | null;
  to_status: number;
  note: string;
  created_at: string;
};

/** 工单详情: times as YYYY-MM-DD HH:mm:ss ('' = not yet), costs in yuan, names '' when unknown. */
export type RepairDetail = {
  id: number;
  village_id: number;
  village_name: string;
  house_id: number | null;
  person_name: string;
  tel: string;
  address: string;
  problem: string;
  imgs: string[];
  category_id: number | null;
  category_name: string;
  urgency: number;
  source: number;
  status: number;
  worker_id: number | null;
  worker_name: string;
  worker_tel: string;
  content: string;
  wctime: string;
  stime: string;
  etime: string;
  dispatched_at: string;
  accepted_at: string;
  started_at: string;
  completed_at: string;
  result: string;
  result_imgs: string[];
  material_cost: string;
  labour_cost: string;
  paid_service_id: number | null;
  service_name: string;
  bill_id: number | null;
  bill_status: number | null;
  waive_reason: string;
  rating: number | null;
  comment: string;
  cancel_reason: string;
  event_id: number | null;
  created_at: string;
  timeline: RepairTimelineRow[];
};

/** The work orders' steps and the event reports' own calls (the lists themselves are screens). */
export const repairApi = {
  flow: endpoint<RepairIdBody, RepairDetail>(`${B}/flow`),
  workers: endpoint<RepairIdBody, WorkerOption[]>(`${B}/workers`),
  dispatch: endpoint<DispatchBody, StepReply>(`${B}/dispatch`),
  redispatch: endpoint<DispatchBody, StepReply>(`${B}/redispatch`),
  accept: endpoint<RepairIdBody, StepReply>(`${B}/accept`),
  start: endpoint<RepairIdBody, StepReply>(`${B}/start`),
  complete: endpoint<CompleteBody, CompleteReply>(`${B}/complete`),
  settle: endpoint<RepairIdBody, StepReply>(`${B}/settle`),
  waive: endpoint<ReasonBody, StepReply>(`${B}/waive`),
  visit: endpoint<VisitBody, StepReply>(`${B}/visit`),
  close: endpoint<RepairIdBody, StepReply>(`${B}/close`),
  cancel: endpoint<ReasonBody, StepReply>(`${B}/cancel`),

  reportNum: endpoint<NoBody, { num: number }>(`${E}/getReportNumData`),
  markRead: endpoint<MarkReadBody, { count: number }>(`${E}/markRead`),
  toOrder: endpoint<RepairIdBody, ToOrderReply>(`${E}/toOrder`),
  answer: endpoint<ReasonBody, StepReply>(`${E}/answer`),
  closeReport: endpoint<RepairIdBody, StepReply>(`${E}/close`),
} as const;
