import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { formatTime } from '../../core/time.ts';
import { visitors } from './schema.ts';

/** A visitor who may pass the village's doors at the time asked: his face is the avatar he registered with. */
export type VisitorPass = {
  id: number;
  name: string;
  phone: string;
  /** the stored upload path (`t<company>/…`), as door rights keep pictures */
  avatar: string;
  /** the same picture as the server serves it (read with a login's url token) */
  avatarUrl: string;
  passStart: string;
  passEnd: string;
};

/**
 * Approved visitors of one village whose pass window holds `at` (default now), by id: what door rights grant a
 * visitor. Only this company's rows: a village id of another company yields nothing.
 */
export const validVisitorPasses = async (
  db: Db,
  q: { tenantId: number; villageId: number; at?: Date },
): Promise<VisitorPass[]> => {
  const at = q.at ?? new Date();
  const rows = await db
    .select({
      id: visitors.id,
      name: visitors.name,
      phone: visitors.phone,
      avatar: visitors.avatar,
      passStart: visitors.passStart,
      passEnd: visitors.passEnd,
    })
    .from(visitors)
    .where(
      and(
        eq(visitors.tenantId, q.tenantId),
        eq(visitors.villageId, q.villageId),
        eq(visitors.status, 1),
        lte(visitors.passStart, at),
        gt(visitors.passEnd, at),
      ),
    )
    .orderBy(asc(visitors.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    avatar: r.avatar,
    avatarUrl: `/xapi/Common/Document/file/${r.avatar}`,
    passStart: formatTime(r.passStart),
    passEnd: formatTime(r.passEnd),
  }));
};

export type VisitorDay = { date: string; count: number };

/**
 * Registrations per day (Asia/Shanghai) over the last `days` days up to today, every day present (0 when none):
 * one company, optionally some of its villages (a role's data scope).
 */
export const visitorsByDay = async (
  db: Db,
  q: { tenantId: number; days: 7 | 30; villageIds?: readonly number[] | null },
): Promise<VisitorDay[]> => {
  const scope = q.villageIds == null ? sql`true` : sql`v.village_id = any(${`{${q.villageIds.join(',')}}`}::int[])`;
  const res = await db.execute(sql`
    with d as (
      select generate_series((now() at time zone 'Asia/Shanghai')::date - ${q.days - 1}::int,
        (now() at time zone 'Asia/Shanghai')::date, interval '1 day')::date as day)
    select to_char(d.day, 'YYYY-MM-DD') as date, count(v.id)::int as count
    from d left join ${visitors} v on v.tenant_id = ${q.tenantId} and ${scope}
      and v.created_at >= (d.day::timestamp at time zone 'Asia/Shanghai')
      and v.created_at < ((d.day + 1)::timestamp at time zone 'Asia/Shanghai')
    group by d.day order by d.day`);
  return (res as unknown as { rows: { date: string; count: number | string }[] }).rows.map((r) => ({
    date: r.date,
    count: Number(r.count),
  }));
};
