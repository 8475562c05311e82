import type { PatrolTaskDetailPoint, PatrolTaskPointState, PatrolTaskView } from '@5a/contracts';

/** The patrol check-in page and the task screens: how what the server answers reads on a phone. */

export const H5_PATH = '/h5/patrol';

export type TaskPointState = PatrolTaskPointState;
export type { PatrolTaskView };
export type { CheckinReply, PointOfMoment, TaskDetail } from '@5a/contracts/endpoints/patrol';
export type TaskDetailPoint = PatrolTaskDetailPoint;

/** verdicts as the server numbers them; 0 stands for a point not walked yet */
export const VERDICTS = [
  { value: 1, label: '准时' },
  { value: 2, label: '迟到' },
  { value: 3, label: '错误点位' },
  { value: 4, label: '不在巡更时段' },
] as const;

/** The colour of a verdict (antd Tag / Result): on time green, late orange, the rest red, not walked grey. */
export const verdictColor = (verdict: number | null | undefined): 'success' | 'warning' | 'error' | 'default' =>
  verdict === 1 ? 'success' : verdict === 2 ? 'warning' : verdict === 3 || verdict === 4 ? 'error' : 'default';

/** The point id of the scanned link (`?point=12`); null for anything that is not a positive id. */
export const pointIdOf = (value: string | null): number | null => {
  const t = (value ?? '').trim();
  if (!/^\d{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
};

/** '2/5 个点位' and the percentage of a task's progress. */
export const progressOf = (t: Pick<PatrolTaskView, 'points_done' | 'points_total'>) => ({
  text: `${t.points_done}/${t.points_total} 个点位`,
  percent: t.points_total > 0 ? Math.min(100, Math.round((t.points_done / t.points_total) * 100)) : 0,
});
