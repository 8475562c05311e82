import { sql } from 'drizzle-orm';
import type { Actor } from '../../../core/auth/actor.ts';
import { formatDate } from '../../../core/time.ts';
import { PLATFORM_SERVICE, services, tenantServices } from '../../fees/index.ts';
import { menus, type AccessReader } from '../../rbac/index.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The web menus a company may not see: those unlocked by an active service (not the platform itself) it has
 * not taken or let lapse before today, with every descendant, unless a service it holds unlocks them too.
 * One statement; rbac keeps the result with the caller's access set.
 */
export const hiddenMenus = async (db: AccessReader, actor: Actor): Promise<ReadonlySet<number> | null> => {
  if (actor.kind !== 'web' || actor.tenantId === null) return null;
  const today = formatDate(new Date());
  const held = sql`exists (select 1 from ${tenantServices} ts where ts.tenant_id = ${actor.tenantId}
    and ts.service_id = s.id and ts.end_date >= ${today}::date)`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
    with recursive roots as (
      select unnest(s.menu_ids) as id from ${services} s
      where s.status = 1 and s.code <> ${PLATFORM_SERVICE} and not ${held}
      except
      select unnest(s.menu_ids) from ${services} s where s.status = 1 and s.code <> ${PLATFORM_SERVICE} and ${held}
    ), hidden as (
      select id from roots
      union
      select m.id from ${menus} m join hidden h on m.parent_id = h.id
    )
    select id from hidden`),
  );
  return rows.length ? new Set(rows.map((r) => Number(r.id))) : null;
};
