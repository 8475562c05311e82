import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { formatDate } from '../../../core/time.ts';
import { platformNotices } from '../../notice/index.ts';
import { operators, tenants } from '../../tenancy/index.ts';
import { expiryReminders } from '../schema.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** the lead a target with `d` days left is reminded at: the smallest of 30, 7, 1 not below d */
const leadOf = (d: ReturnType<typeof sql>) => sql`(case when ${d} <= 1 then 1 when ${d} <= 7 then 7 else 30 end)`;

export type SweepResult = { tenants: number; operators: number };

/**
 * Reminds companies (and operators) whose service (contract) ends within 30 days: once per expiry date and
 * lead (30, 7, 1 days), so running it every minute, on several servers or after a missed day sends each
 * reminder once, and a renewal's new date starts again. A company is told by a platform announcement
 * addressed to it, which its administrators see on signing in; an operator's reminder is recorded for its
 * home page. Set-based: one statement per kind, whatever the number of companies.
 */
export const sweepExpiryReminders = async (db: Db, now = new Date()): Promise<SweepResult> => {
  const today = sql`${formatDate(now)}::date`;
  const tenantRows = rowsOf<{ id: number }>(
    await db.execute(sql`
    with due as (
      select t.id, t.service_expire as expire, ${leadOf(sql`(t.service_expire - ${today})`)} as lead
      from ${tenants} t
      where t.status = 1 and t.service_expire between ${today} and ${today} + 30
    ), sent as (
      insert into ${expiryReminders} (kind, target_id, expire_date, days)
      select 'tenant', id, expire, lead from due
      on conflict do nothing
      returning target_id, expire_date
    )
    insert into ${platformNotices} (title, content, audience, tenant_ids, published, published_at, author_name)
    select '物业服务到期提醒',
      '<p>您的物业服务将于' || to_char(expire_date, 'YYYY-MM-DD') || '到期（剩余' || (expire_date - ${today}) || '天），请及时续费</p>',
      2, array[target_id], 1, now(), '系统'
    from sent
    returning id`),
  );
  const operatorRows = rowsOf<{ id: number }>(
    await db.execute(sql`
    insert into ${expiryReminders} (kind, target_id, expire_date, days)
    select 'operator', o.id, o.expire_date, ${leadOf(sql`(o.expire_date - ${today})`)}
    from ${operators} o
    where o.status = 1 and o.expire_date between ${today} and ${today} + 30
    on conflict do nothing
    returning id`),
  );
  return { tenants: tenantRows.length, operators: operatorRows.length };
};
