import { sql } from 'drizzle-orm';
import { rowsFrom, type Q } from '../fields.ts';
import { voteRoll } from '../schema-vote.ts';

/** the key an owner counts under: his ID card when recorded (so one person's several units count once), else his row */
export const ownerKeyOf = (p: string) =>
  sql.raw(`(case when ${p}.idcard <> '' then 'c' || ${p}.idcard else 'p' || ${p}.id end)`);
/** an approved owner (人员类型 业主, 审核 已通过) */
export const isOwner = (p: string) => sql.raw(`(${p}.personnel_type = 1 and ${p}.status = 1)`);
export const isResolution = (voteType: number) => voteType === 3 || voteType === 4;

/**
 * Freezes a resolution's roll when it is published, set-based: every unit of the village with its area in
 * hundredths of m² (the house's recorded area; none recorded counts 0) and the owner key it counts under — the
 * least key of its approved owners (co-owners share the unit's one vote), or 'dev' when it has none: a unit with
 * no registered owner is the developer's, unsold or undelivered, and all of them together count as one owner.
 */
export const freezeRoll = async (q: Q, vote: { id: number; tenantId: number; villageId: number }) => {
  const [n] = await rowsFrom<{ n: number }>(
    q,
    sql`with ins as (
          insert into ${voteRoll} (tenant_id, vote_id, house_id, owner_key, area_centi)
          select h.tenant_id, ${vote.id}, h.id,
            coalesce((select min(${ownerKeyOf('p')}) from gate_persons p where p.house_id = h.id and ${isOwner('p')}), 'dev'),
            coalesce(round(h.area * 100), 0)::bigint
          from houses h where h.tenant_id = ${vote.tenantId} and h.village_id = ${vote.villageId}
          on conflict do nothing
          returning 1)
        select count(*)::int as n from ins`,
  );
  return n?.n ?? 0;
};
