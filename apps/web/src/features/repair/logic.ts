/** Pure helpers of the repair screens (unit-tested). */

/** '剩余 2小时5分' / '超时 1天3小时' from seconds left (negative: overdue); '' when no deadline applies. */
export const countdownText = (left: unknown): string => {
  if (left === null || left === undefined || left === '') return '';
  const n = Number(left);
  if (!Number.isFinite(n)) return '';
  const s = Math.abs(n);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${n < 0 ? '超时' : '剩余'} ${d ? `${d}天${h}小时` : h ? `${h}小时${m}分` : `${m}分`}`;
};

export const isOverdue = (left: unknown) => left !== null && left !== undefined && left !== '' && Number(left) < 0;

/** The steps only the order's own worker takes. */
export const workerSteps = new Set(['接单', '开始处理', '完成']);

/** The worker's steps show only on his own orders (the server refuses them for anyone else). */
export const mayShowStep = (title: string, row: Record<string, unknown>, userId: number) =>
  !workerSteps.has(title) || Number(row.worker_user_id) === userId;

export const statusText = ['待派单', '已派单', '已接单', '处理中', '待付款', '已完成', '已回访', '已关闭', '已取消'];

/** the image list of a detail value: an array or a comma list */
export const imageList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : []).filter(Boolean);
