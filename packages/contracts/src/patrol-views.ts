/** What the patrol calls answer (types only): the phone check-in page and the task detail read them as sent. */

export type PatrolTaskPointState = { id: number; name: string; done: boolean };

/** A task as the phone page shows it: route, day, window, progress and its points in walking order. */
export type PatrolTaskView = {
  id: number;
  route_name: string;
  task_date: string;
  window: string;
  status: number;
  status_text: string;
  points_total: number;
  points_done: number;
  points: PatrolTaskPointState[];
};

/** A point of 巡更详情: its first on-time check-in, or none yet (verdict null, 未巡). */
export type PatrolTaskDetailPoint = {
  seq: number;
  id: number;
  name: string;
  point_no: string;
  checked_at: string;
  verdict: number | null;
  verdict_text: string;
};
