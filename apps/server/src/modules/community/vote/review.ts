import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { fail, invalid, notFound } from '../../../core/errors.ts';
import { oneFrom, type Q } from '../fields.ts';
import { votes } from '../schema-vote.ts';
import { freezeRoll, isResolution } from './roll.ts';

export type VoteRow = {
  id: number;
  tenant_id: number;
  village_id: number;
  vote_type: number;
  state: number;
  ended: boolean;
  title: string;
};
export const VoteState = { pending: 1, rejected: 2, open: 3, closed: 4 } as const;

const seen = (caller: Caller) =>
  caller.villageIds === null ? sql`true` : sql`v.village_id = any(${`{${caller.villageIds.join(',')}}`}::int[])`;

/** the caller's vote (tenant and data scope); locked for the rest of the transaction when asked */
export const voteOf = async (q: Q, caller: Caller, id: number, lock = false) => {
  const row = await oneFrom<VoteRow>(
    q,
    sql`select v.id, v.tenant_id, v.village_id, v.vote_type, v.state, v.etime <= now() as ended, v.title
        from ${votes} v where v.id = ${id} and v.tenant_id = ${caller.actor.tenantId ?? -1} and ${seen(caller)}
        ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound();
  return row;
};

export type AuditInput = { id: number; type: 0 | 2; auditmsg: string };

/**
 * 审核: 0 通过 publishes the vote (a resolution's roll of units, areas and owners is frozen now), 2 驳回 sends it
 * back with the note (test); the vote may be edited and reviewed again. Only a vote waiting for review is reviewed.
 */
export const auditVote = async (db: Db, caller: Caller, input: AuditInput) =>
  db.transaction(async (tx) => {
    const vote = await voteOf(tx, caller, input.id, true);
    if (vote.state !== VoteState.pending) throw fail('该投票已审核，不能重复审核');
    if (input.type === 2) {
      if (!input.auditmsg) throw invalid('请填写驳回原因', 'auditmsg');
      await tx.execute(sql`update ${votes} set state = ${VoteState.rejected}, test = ${input.auditmsg}, updated_at = now()
        where id = ${vote.id} and tenant_id = ${vote.tenant_id}`);
      touchTable(votes);
      return { id: vote.id, state: VoteState.rejected };
    }
    if (vote.ended) throw fail('截止时间已过，请修改截止时间后再审核');
    if (isResolution(vote.vote_type)) {
      const units = await freezeRoll(tx, { id: vote.id, tenantId: vote.tenant_id, villageId: vote.village_id });
      if (!units) throw fail('该小区没有房屋，不能发布业主大会表决');
    }
    await tx.execute(sql`update ${votes} set state = ${VoteState.open}, test = ${input.auditmsg}, published_at = now(),
      updated_at = now() where id = ${vote.id} and tenant_id = ${vote.tenant_id}`);
    touchTable(votes);
    return { id: vote.id, state: VoteState.open };
  });

/** Ends the open votes whose time is up (the close job); a ballot is refused from etime on in any case. */
export const closeEndedVotes = async (q: Q) => {
  const row = await oneFrom<{ n: number }>(
    q,
    sql`with c as (update ${votes} set state = ${VoteState.closed}, closed_at = now(), updated_at = now()
          where state = ${VoteState.open} and etime <= now() returning 1)
        select count(*)::int as n from c`,
  );
  if (row?.n) touchTable(votes);
  return { closed: row?.n ?? 0 };
};
