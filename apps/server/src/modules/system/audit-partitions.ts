import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import {
  addMonths,
  beijingMonth,
  formatTime,
  monthKey,
  monthOfKey,
  monthStart,
  type CalendarMonth,
} from '../../core/time.ts';

/** a month's first instant as PostgreSQL reads it, in Beijing time ('YYYY-MM-01 00:00:00+08') */
const startOf = (month: CalendarMonth) => `${formatTime(monthStart(month))}+08`;

const rowsOf = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** monthly partitions made before their month begins, so new rows never land in the default partition */
export const MONTHS_AHEAD = 2;

export type PartitionUpkeep = { created: string[]; dropped: string[]; deletedFromDefault: number };

/**
 * Keeps the audit trail's monthly partitions: one for every month that has rows in the default partition (rows from
 * before the table was partitioned, or a month the job was late for — moved out in the same transaction), this month
 * and the next ones; drops the months wholly older than the retention, and deletes such rows left in the default.
 */
export const keepAuditPartitions = async (db: Db, now: Date, retentionMonths: number): Promise<PartitionUpkeep> => {
  const current = beijingMonth(now);
  const oldest = addMonths(current, -retentionMonths);
  const existing = new Set(
    (
      await rowsOf<{ name: string }>(
        db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            join pg_class p on p.oid = i.inhparent where p.relname = 'audit_logs'`,
      )
    ).map((r) => r.name),
  );
  const inDefault = await rowsOf<{ k: string }>(
    db,
    sql`select distinct to_char(created_at at time zone 'Asia/Shanghai', 'YYYYMM') as k from audit_logs_default
        where created_at >= ${startOf(oldest)}::timestamptz`,
  );
  const wanted = new Set([
    ...inDefault.map((r) => r.k),
    ...Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => monthKey(addMonths(current, i))),
  ]);
  const created: string[] = [];
  for (const k of [...wanted].sort()) {
    const name = `audit_logs_${k}`;
    if (existing.has(name)) continue;
    const from = startOf(monthOfKey(k));
    const to = startOf(addMonths(monthOfKey(k), 1));
    // the name is audit_logs_ and six digits; the bounds are constants of this function
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`create table ${name} (like audit_logs including defaults)`));
      await tx.execute(
        sql.raw(`with moved as (delete from audit_logs_default where created_at >= '${from}' and created_at < '${to}'
          returning *) insert into ${name} select * from moved`),
      );
      await tx.execute(
        sql.raw(`alter table audit_logs attach partition ${name} for values from ('${from}') to ('${to}')`),
      );
    });
    created.push(name);
  }
  const oldestKey = monthKey(oldest);
  const dropped = [...existing].filter((n) => /^audit_logs_\d{6}$/.test(n) && n.slice(-6) < oldestKey).sort();
  for (const name of dropped) await db.execute(sql.raw(`drop table ${name}`));
  const deleted = await rowsOf<{ id: number }>(
    db,
    sql`delete from audit_logs_default where created_at < ${startOf(oldest)}::timestamptz returning id`,
  );
  return { created, dropped, deletedFromDefault: deleted.length };
};
