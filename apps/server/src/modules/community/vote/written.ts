import { sql } from 'drizzle-orm';
import type { VoteVoterOption } from '@5a/contracts/endpoints/community';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { addressOf, oneFrom, rowsFrom, type Q } from '../fields.ts';
import { voteBallots, voteRoll } from '../schema-vote.ts';
import { castDeveloperBallot, castVote } from './cast.ts';
import { voteOf } from './review.ts';
import { isOwner, isResolution } from './roll.ts';

/**
 * Whom staff may enter a written ballot for: the approved residents of the vote's village (a resolution: its
 * owners) matching the name, the first 20, each with whether a ballot of his already counts; and how many units
 * of a resolution's roll are the developer's.
 */
export const votersToRecord = async (q: Q, caller: Caller, id: number, name: string) => {
  const vote = await voteOf(q, caller, id);
  const resolution = isResolution(vote.vote_type);
  const list = await rowsFrom<VoteVoterOption>(
    q,
    sql`select p.id, p.name, coalesce(${addressOf(sql`p`)}, '') as address,
          exists (select 1 from ${voteBallots} b
            where b.vote_id = ${id} and b.tenant_id = p.tenant_id and b.resident_id = p.id and b.superseded_at is null) as voted
        from gate_persons p
        where p.tenant_id = ${vote.tenant_id} and p.village_id = ${vote.village_id} and p.status = 1
          ${resolution ? sql`and ${isOwner('p')}` : sql``}
          ${name ? sql`and p.name like ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
        order by p.name, p.id limit 20`,
  );
  const dev = resolution
    ? await oneFrom<{ n: number }>(
        q,
        sql`select count(*)::int as n from ${voteRoll} where vote_id = ${id} and tenant_id = ${vote.tenant_id} and owner_key = 'dev'`,
      )
    : null;
  return { list, developer_units: dev?.n ?? 0 };
};

export type WrittenInput = { id: number; voter: number | 'dev'; optionId: number; remark: string };

/**
 * 录入书面表决: a paper ballot staff enter for a resident (counted as if he had cast it on the phone, so his later
 * vote there changes it) or for the developer; the staff user and the paper's note stay on the ballot.
 */
export const recordWrittenBallot = async (db: Db, caller: Caller, input: WrittenInput) => {
  const vote = await voteOf(db, caller, input.id);
  const written = { userId: caller.actor.id, remark: input.remark };
  const base = { tenantId: vote.tenant_id, voteId: vote.id, optionId: input.optionId, written };
  const r =
    input.voter === 'dev'
      ? await castDeveloperBallot(db, base)
      : await castVote(db, { ...base, residentId: input.voter, field: 'voter' });
  return { changed: r.changed };
};
