import { endpoint, type Id, type NoBody } from '../endpoint.ts';
import type { PatrolTaskDetailPoint, PatrolTaskView } from '../patrol-views.ts';

const B = '/Web/Patrol';

/** One printed QR label. */
export type PatrolQrPoint = {
  id: number;
  name: string;
  point_no: string;
  village_name: string;
  point_type_name: string;
};

export type PatrolStaffOption = { value: number; label: string };
/** 巡更派发: the guards (ids, as an array or a comma list), the person in charge, 1 各自巡更 / 2 共同巡更. */
export type PatrolSendBody = { id: Id; staff_ids: Id[] | string | number; handler?: string; type?: number };
/** tasks: how many the coming week's generation wrote */
export type PatrolSendReply = { tasks: number };

/** The scanned point as the phone page shows it. */
export type PatrolPointView = { id: number; name: string; point_no: string; village_name: string; state: number };
/** The point, the caller's task of the moment for it (none outside his windows) and whether he walked it already. */
export type PointOfMoment = { point: PatrolPointView; task: PatrolTaskView | null; done: boolean };
/** photo: up to three uploaded files, as an array or a comma list */
export type CheckinBody = { point_id: Id; photo?: string | string[]; note?: string };
/** verdict: 1 准时, 2 迟到, 3 错误点位, 4 不在巡更时段 */
export type CheckinReply = { id: number; verdict: number; verdict_text: string; task: PatrolTaskView | null };

/** The guard's tasks of today (and last night's still open), in window order, as the phone page lists them. */
export type TasksToday = { date: string; tasks: PatrolTaskView[] };

/** 校正: the verdict (1–4) the check-in should have had and why. */
export type CorrectBody = { id: Id; verdict: number; reason: string };

/** 巡更详情: the points in walking order and the missed ones' names (a task 已漏巡). */
export type TaskDetail = {
  id: number;
  status: number;
  status_text: string;
  points: PatrolTaskDetailPoint[];
  missed: string[];
};

/** village_id: 0 or none for every village; without both dates the last four weeks. */
export type PatrolReportBody = { village_id?: Id; start_date?: string; end_date?: string };
/** task counts and the share completed, in % with two decimals */
export type PatrolCounts = { total: number; completed: number; missed: number; rate: number };
export type PatrolGuardRow = PatrolCounts & { worker_id: number; worker_name: string };
export type PatrolRouteRow = PatrolCounts & { route_id: number; route_name: string; village_name: string };
/** week: its Monday, YYYY-MM-DD; every week of the range is listed, empty ones with zeros */
export type PatrolWeekRow = PatrolCounts & { week: string };
export type PatrolReport = {
  start_date: string;
  end_date: string;
  summary: PatrolCounts;
  byGuard: PatrolGuardRow[];
  byRoute: PatrolRouteRow[];
  byWeek: PatrolWeekRow[];
  /** the villages the caller may pick */
  villages: { id: number; name: string }[];
};

/** 巡更's own calls: QR labels, dispatch, the phone's check-in, tasks and records, the report. */
export const patrolApi = {
  /** the labels in the order asked for (a route's points in walking order) */
  qrList: endpoint<{ ids: Id[] | string }, PatrolQrPoint[]>('/Web/Internet/IntellPoint/qrList'),
  staffOptions: endpoint<{ id: Id }, PatrolStaffOption[]>(`${B}/Route/staffOptions`),
  send: endpoint<PatrolSendBody, PatrolSendReply>(`${B}/Route/send`),
  point: endpoint<{ point_id: Id }, PointOfMoment>(`${B}/H5/point`),
  checkin: endpoint<CheckinBody, CheckinReply>(`${B}/H5/checkin`),
  today: endpoint<NoBody, TasksToday>(`${B}/H5/today`),
  correct: endpoint<CorrectBody, { id: number }>(`${B}/Record/correct`),
  taskPoints: endpoint<{ id: Id }, TaskDetail>(`${B}/Task/points`),
  /** the coming `days` (default 7) of the caller's routes; count: tasks written */
  generate: endpoint<{ days?: number }, { count: number }>(`${B}/Task/generate`),
  report: endpoint<PatrolReportBody, PatrolReport>(`${B}/Report/data`),
} as const;
