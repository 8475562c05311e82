import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { fail, invalid, notFound } from '../../../core/errors.ts';
import { oneFrom, rowsFrom, type Q } from '../fields.ts';
import { voteBallots, voteOptions, voteProxies, voteRoll, votes } from '../schema-vote.ts';
import { VoteState } from './review.ts';
import { isOwner, isResolution } from './roll.ts';

export type CastInput = {
  tenantId: number;
  residentId: number;
  voteId: number;
  optionId: number;
  proxyFor?: number;
  /** a written ballot entered by staff: the staff user and what the paper said */
  written?: Written;
  /** the body's field that names the resident, in messages (the phone page's residentId by default) */
  field?: string;
};
export type Written = { userId: number; remark: string };
export type DeveloperBallotInput = { tenantId: number; voteId: number; optionId: number; written: Written };
export type EntrustInput = { tenantId: number; residentId: number; voteId: number; proxyId: number; note?: string };
type Head = { village_id: number; vote_type: number; state: number; ended: boolean };
type Person = { id: number; village_id: number; house_id: number; status: number };

const openVote = async (q: Q, tenantId: number, voteId: number, lock: boolean) => {
  const head = await oneFrom<Head>(
    q,
    sql`select village_id, vote_type, state, etime <= now() as ended from ${votes}
        where id = ${voteId} and tenant_id = ${tenantId} ${lock ? sql`for update` : sql``}`,
  );
  if (!head) throw notFound();
  if (head.state === VoteState.pending || head.state === VoteState.rejected) throw fail('投票 尚未发布');
  if (head.state === VoteState.closed || head.ended) throw fail('投票 已结束，不能再投票或改票');
  return head;
};

const personOf = async (q: Q, tenantId: number, id: number, label: string, field: string, head: Head) => {
  const p = await oneFrom<Person>(
    q,
    sql`select id, village_id, house_id, status from gate_persons where id = ${id} and tenant_id = ${tenantId}`,
  );
  if (!p || p.status !== 1) throw invalid(`${label} 不存在或未通过审核`, field);
  if (p.village_id !== head.village_id) throw invalid(`${label} 不属于该投票的小区`, field);
  return p;
};

/** the voter keys a person votes under: a poll's household or himself; a resolution's roll keys of his units */
const keysOf = async (q: Q, tenantId: number, voteId: number, head: Head, p: Person, label: string, field: string) => {
  if (head.vote_type === 1) return [`h${p.house_id}`];
  if (head.vote_type === 2) return [`r${p.id}`];
  const keys = await rowsFrom<{ owner_key: string }>(
    q,
    sql`select distinct r.owner_key from ${voteRoll} r join gate_persons p on p.house_id = r.house_id and p.tenant_id = r.tenant_id
        where r.vote_id = ${voteId} and r.tenant_id = ${tenantId} and p.id = ${p.id} and ${isOwner('p')} and r.owner_key <> 'dev'`,
  );
  if (!keys.length) throw invalid(`${label} 不是本次表决名册中的业主`, field);
  return keys.map((k) => k.owner_key);
};

/**
 * A resident votes (or changes his vote) while the vote is open, never after. A poll takes one ballot per
 * household or per resident as configured; a resolution one per owner on the frozen roll — his vote counts for
 * all his units, co-owners share one. With proxyFor he votes for that owner, who must have entrusted him.
 * The vote row is locked, so two casts of one voter never both count.
 */
export const castVote = async (db: Db, input: CastInput) =>
  db.transaction(async (tx) => {
    const head = await openVote(tx, input.tenantId, input.voteId, true);
    await optionOf(tx, input.tenantId, input.voteId, input.optionId);
    const field = input.field ?? 'residentId';
    const caster = await personOf(tx, input.tenantId, input.residentId, '住户', field, head);
    let voter = caster;
    if (input.proxyFor !== undefined && input.proxyFor !== caster.id) {
      voter = await personOf(tx, input.tenantId, input.proxyFor, '委托人', 'proxyFor', head);
      const entrusted = await oneFrom<{ id: number }>(
        tx,
        sql`select id from ${voteProxies}
          where vote_id = ${input.voteId} and tenant_id = ${input.tenantId} and owner_id = ${voter.id} and proxy_id = ${caster.id}`,
      );
      if (!entrusted) throw invalid('委托人 未委托该住户投票', 'proxyFor');
    }
    const keys = await keysOf(
      tx,
      input.tenantId,
      input.voteId,
      head,
      voter,
      input.proxyFor ? '委托人' : '住户',
      input.proxyFor ? 'proxyFor' : field,
    );
    const changed = await putBallots(tx, input, keys, voter.id, caster.id);
    return { ballots: keys.length, changed, resolution: isResolution(head.vote_type) };
  });

const optionOf = async (q: Q, tenantId: number, voteId: number, optionId: number) => {
  const option = await oneFrom<{ id: number }>(
    q,
    sql`select id from ${voteOptions} where id = ${optionId} and vote_id = ${voteId} and tenant_id = ${tenantId}`,
  );
  if (!option) throw invalid('投票选项 不存在', 'optionId');
};

/** the voter's keys' current ballots give way to this one; whether he had voted before */
const putBallots = async (
  q: Q,
  input: { tenantId: number; voteId: number; optionId: number; written?: Written },
  keys: string[],
  residentId: number,
  castBy: number,
) => {
  const list = `{${keys.join(',')}}`;
  const changed = await rowsFrom<{ id: number }>(
    q,
    sql`update ${voteBallots} set superseded_at = now()
        where vote_id = ${input.voteId} and tenant_id = ${input.tenantId} and voter_key = any(${list}::text[])
          and superseded_at is null returning id`,
  );
  await q.execute(sql`insert into ${voteBallots}
      (tenant_id, vote_id, voter_key, option_id, resident_id, cast_by, recorded_by, remark)
    select ${input.tenantId}, ${input.voteId}, k, ${input.optionId}, ${residentId}, ${castBy},
      ${input.written?.userId ?? null}, ${input.written?.remark ?? ''}
    from unnest(${list}::text[]) k`);
  touchTable(voteBallots);
  return changed.length > 0;
};

/**
 * The developer's written ballot: in a resolution its unsold or undelivered units (those on the roll with no
 * registered owner) count as one owner, and staff enter the vote its written notice gives. Changing it supersedes
 * the earlier one as any voter's change does.
 */
export const castDeveloperBallot = async (db: Db, input: DeveloperBallotInput) =>
  db.transaction(async (tx) => {
    const head = await openVote(tx, input.tenantId, input.voteId, true);
    if (!isResolution(head.vote_type)) throw invalid('只有业主大会表决才有建设单位的表决票', 'voter');
    await optionOf(tx, input.tenantId, input.voteId, input.optionId);
    const units = await oneFrom<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${voteRoll} where vote_id = ${input.voteId} and tenant_id = ${input.tenantId} and owner_key = 'dev'`,
    );
    if (!units?.n) throw invalid('表决名册中没有建设单位的房屋', 'voter');
    const changed = await putBallots(tx, input, ['dev'], 0, 0);
    return { ballots: 1, changed, resolution: true };
  });

/** An owner entrusts another resident of the village to vote for him in one open vote (a later one replaces it). */
export const entrustVote = async (db: Db, input: EntrustInput) =>
  db.transaction(async (tx) => {
    const head = await openVote(tx, input.tenantId, input.voteId, false);
    const owner = await personOf(tx, input.tenantId, input.residentId, '委托人', 'residentId', head);
    await personOf(tx, input.tenantId, input.proxyId, '受托人', 'proxyId', head);
    if (owner.id === input.proxyId) throw invalid('受托人 不能是本人', 'proxyId');
    if (isResolution(head.vote_type))
      await keysOf(tx, input.tenantId, input.voteId, head, owner, '委托人', 'residentId');
    await tx.execute(sql`insert into ${voteProxies} (tenant_id, vote_id, owner_id, proxy_id, note)
      values (${input.tenantId}, ${input.voteId}, ${owner.id}, ${input.proxyId}, ${(input.note ?? '').slice(0, 200)})
      on conflict (vote_id, owner_id, tenant_id) do update set proxy_id = excluded.proxy_id, note = excluded.note, created_at = now()`);
    return { ownerId: owner.id, proxyId: input.proxyId };
  });
