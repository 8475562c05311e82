import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** what the audit trail masks of a phone, in SQL: the first 3 and last 4 digits */
const masked = (col: string) =>
  sql.raw(`case when length(${col}) > 7 then left(${col}, 3) || '****' || right(${col}, 4) else ${col} end`);

/**
 * The demo's departments and posts as their super administrators set them up: each an 新增 in 操作日志 of its
 * platform, operator or company, at the time the row was made — the entries the screens would have written.
 */
export const seedAuditTrail = async (tx: Tx) => {
  const owner = sql.raw(`join users u on u.is_super and u.tenant_id is not distinct from x.tenant_id
    and u.operator_id is not distinct from x.operator_id
    and u.kind = case when x.tenant_id is not null then 'web' when x.operator_id is not null then 'operator' else 'sys' end`);
  await tx.execute(sql`
    insert into audit_logs (tenant_id, operator_id, user_id, user_name, ip, screen, screen_title, action, record_id, after, created_at)
    select x.tenant_id, x.operator_id, u.id, u.user_name, '127.0.0.1', 'SystemDept', '部门', 'add', x.id,
      jsonb_build_object('name', x.name, 'leader', x.leader, 'phone', ${masked('x.phone')}, 'sort', x.sort, 'status', x.status),
      x.created_at
    from depts x ${owner}
    union all
    select x.tenant_id, x.operator_id, u.id, u.user_name, '127.0.0.1', 'SystemPost', '岗位', 'add', x.id,
      jsonb_build_object('name', x.name, 'code', x.code, 'sort', x.sort, 'status', x.status), x.created_at
    from posts x ${owner}`);
};
