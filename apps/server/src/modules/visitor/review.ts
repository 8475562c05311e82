import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { scopeWhere } from '../../core/engine/scope.ts';
import { fail, invalid, notFound } from '../../core/errors.ts';
import { formatDate, shanghaiInstant } from '../../core/time.ts';
import { visitorResource } from './resource.ts';
import { visitors } from './schema.ts';

/** the longest pass one approval gives: a visit, not a residence */
export const MAX_PASS_DAYS = 31;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export type ReviewInput = { id: number; status: number; pass_start?: string; pass_end?: string; reason?: string };

const instant = (s: string, label: string, field: string) => {
  const d = TIME.test(s) ? shanghaiInstant(s) : null;
  if (!d || Number.isNaN(d.getTime()) || !s.startsWith(formatDate(d))) throw invalid(`${label} 格式错误`, field);
  return d;
};

/** today's window in Asia/Shanghai: 00:00:00 until 23:59:59 */
export const todayWindow = (now = new Date()) => {
  const day = formatDate(now);
  return { start: shanghaiInstant(`${day} 00:00:00`), end: shanghaiInstant(`${day} 23:59:59`) };
};

/** The pass window an approval asks for, checked: start before end, end not past, at most MAX_PASS_DAYS. */
export const passWindow = (input: ReviewInput, now = new Date()) => {
  const today = todayWindow(now);
  const start = input.pass_start ? instant(input.pass_start, '通行开始时间', 'pass_start') : today.start;
  const end = input.pass_end ? instant(input.pass_end, '通行结束时间', 'pass_end') : today.end;
  if (end <= start) throw invalid('通行结束时间 须晚于开始时间', 'pass_end');
  if (end <= now) throw invalid('通行结束时间 不能早于当前时间', 'pass_end');
  if (end.getTime() - start.getTime() > MAX_PASS_DAYS * 86_400_000)
    throw invalid(`通行时间 不能超过${MAX_PASS_DAYS}天`, 'pass_end');
  return { start, end };
};

/**
 * 审核: a visitor waiting for review is approved with a pass window (default today until 23:59:59) or refused
 * with a reason. A visitor already reviewed stays as he is: a second click of another tab changes nothing.
 */
export const reviewVisitor = async (db: Db, caller: Caller, input: ReviewInput) => {
  const mine = and(eq(visitors.id, input.id), scopeWhere(visitorResource, caller, true));
  const [row] = await db.select({ id: visitors.id, status: visitors.status }).from(visitors).where(mine).limit(1);
  if (!row) throw notFound();
  if (row.status !== 0) throw fail('该访客已审核，不能重复审核');
  const reviewed = { reviewedBy: caller.actor.id, reviewedAt: sql`now()`, updatedAt: sql`now()` };
  if (input.status === 2) {
    const reason = input.reason?.trim() ?? '';
    if (!reason) throw invalid('请填写拒绝原因', 'reason');
    await db
      .update(visitors)
      .set({ status: 2, reason, ...reviewed })
      .where(and(mine, eq(visitors.status, 0)));
    return { id: row.id, status: 2 };
  }
  const { start, end } = passWindow(input);
  await db
    .update(visitors)
    .set({ status: 1, passStart: start, passEnd: end, reason: '', ...reviewed })
    .where(and(mine, eq(visitors.status, 0)));
  return { id: row.id, status: 1 };
};
