import { sql } from 'drizzle-orm';
import { S } from './status.ts';

/**
 * Service levels of a work order. A category gives minutes to respond (the worker accepts) and to
 * complete; a dispatch's required completion time (wctime) replaces the category's completion limit.
 * Response counts while nobody accepted (待派单, 已派单); completion while the order is open (up to 处理中).
 */
export type SlaInput = {
  status: number;
  createdAt: Date;
  wctime: Date | null;
  responseMinutes: number | null;
  completeMinutes: number | null;
};
export type SlaState = { deadline: Date; kind: 'response' | 'complete'; leftSeconds: number; overdue: boolean } | null;

const MIN = 60_000;

/** The nearest deadline that still applies and the time left at `now` (negative: overdue); null once the order left the open states. */
export const slaState = (o: SlaInput, now: Date): SlaState => {
  if (o.status > S.inProgress) return null;
  const candidates: { deadline: Date; kind: 'response' | 'complete' }[] = [];
  if (o.status <= S.dispatched && o.responseMinutes)
    candidates.push({ deadline: new Date(o.createdAt.getTime() + o.responseMinutes * MIN), kind: 'response' });
  const complete = o.wctime ?? (o.completeMinutes ? new Date(o.createdAt.getTime() + o.completeMinutes * MIN) : null);
  if (complete) candidates.push({ deadline: complete, kind: 'complete' });
  if (!candidates.length) return null;
  const first = candidates.reduce((a, b) => (b.deadline < a.deadline ? b : a));
  const leftSeconds = Math.floor((first.deadline.getTime() - now.getTime()) / 1000);
  return { ...first, leftSeconds, overdue: leftSeconds < 0 };
};

/** Human text of seconds left: '剩余 2小时5分' / '超时 1天3小时'. */
export const slaText = (leftSeconds: number) => {
  const s = Math.abs(leftSeconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = d ? `${d}天${h}小时` : h ? `${h}小时${m}分` : `${m}分`;
  return `${leftSeconds < 0 ? '超时' : '剩余'} ${parts}`;
};

/** The same rule in SQL over "repair_orders" (the list's 剩余时限 column): seconds left, null when closed. */
const o = (c: string) => sql.raw(`"repair_orders"."${c}"`);
const responseDeadline = sql`(${o('created_at')} + make_interval(mins => (select c.response_minutes from repair_categories c where c.id = ${o('category_id')} and c.tenant_id = ${o('tenant_id')})))`;
const completeDeadline = sql`coalesce(${o('wctime')}, ${o('created_at')} + make_interval(mins => (select c.complete_minutes from repair_categories c where c.id = ${o('category_id')} and c.tenant_id = ${o('tenant_id')})))`;
export const deadlineSql = sql`(case when ${o('status')} <= ${sql.raw(String(S.dispatched))} then least(${responseDeadline}, ${completeDeadline}) when ${o('status')} <= ${sql.raw(String(S.inProgress))} then ${completeDeadline} end)`;
export const slaLeftSql = sql`floor(extract(epoch from (${deadlineSql} - now())))::int`;
