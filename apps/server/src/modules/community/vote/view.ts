import { sql } from 'drizzle-orm';
import type { VoteView, VoteVoter } from '@5a/contracts/endpoints/community';
import type { Caller } from '../../../core/auth/actor.ts';
import { formatTime } from '../../../core/time.ts';
import { logSensitiveViews, maskPhone, scopeOfCaller, SENSITIVE_PERM } from '../../estate/index.ts';
import { addressOf, oneFrom, percentOf, rowsFrom, type Q } from '../fields.ts';
import { voteBallots, voteOptions, voteRoll, votes } from '../schema-vote.ts';
import { voteOf } from './review.ts';
import { isResolution } from './roll.ts';
import { tallyResolution } from './tally.ts';

/** 查看结果: the vote, its options with their current ballots and shares, and for a resolution its tally. */
export const voteView = async (q: Q, caller: Caller, id: number): Promise<VoteView> => {
  const vote = await voteOf(q, caller, id);
  const head = await oneFrom<{
    title: string;
    description: string;
    img: string;
    test: string;
    village: string;
    etime: string;
    published_at: string | null;
  }>(
    q,
    sql`select v.title, v.description, v.img, v.test, coalesce(g.name, '') as village, v.etime, v.published_at
        from ${votes} v left join villages g on g.id = v.village_id and g.tenant_id = v.tenant_id
        where v.id = ${id} and v.tenant_id = ${vote.tenant_id}`,
  );
  const options = await rowsFrom<{ id: number; text: string; num: number; agree: number }>(
    q,
    sql`select o.id, o.text, o.agree,
          (select count(*)::int from ${voteBallots} b
            where b.vote_id = ${id} and b.tenant_id = o.tenant_id and b.option_id = o.id and b.superseded_at is null) as num
        from ${voteOptions} o where o.vote_id = ${id} and o.tenant_id = ${vote.tenant_id} order by o.sort, o.id`,
  );
  const persons = options.reduce((n, o) => n + o.num, 0);
  return {
    id,
    title: head!.title,
    desc: head!.description,
    img: head!.img,
    vote_type: vote.vote_type,
    state: vote.state,
    test: head!.test,
    village: head!.village,
    etime: formatTime(head!.etime),
    // the voting period opens when the vote is published; '' while it waits for review
    published: head!.published_at ? formatTime(head!.published_at) : '',
    persons,
    votOptions: options.map((o) => ({
      id: o.id,
      text: o.text,
      num: o.num,
      Percent: percentOf(o.num, persons),
      status: o.agree,
    })),
    ...(isResolution(vote.vote_type)
      ? { tally: await tallyResolution(q, id, vote.tenant_id, vote.vote_type === 4 ? 'major' : 'ordinary') }
      : {}),
  };
};

/** the developer's written ballot is named so (its units have no registered owner) */
const DEVELOPER = '建设单位';

/** the voters of one option (0: of all), phones masked without 查看敏感信息; a proxy's ballot names him */
export const voteVoters = async (q: Q, caller: Caller, voteId: number, optionId: number): Promise<VoteVoter[]> => {
  const vote = await voteOf(q, caller, voteId);
  const rows = await rowsFrom<{
    id: number | null;
    name: string;
    tel: string;
    address: string;
    vote: string;
    vote_time: string;
    proxy: string;
    recorder: string;
    remark: string;
  }>(
    q,
    sql`select p.id, case when b.voter_key = 'dev' then ${DEVELOPER} else p.name end as name, coalesce(p.tel, '') as tel,
          case when b.voter_key = 'dev'
            then (select '未登记业主的房屋 ' || count(*) || ' 套' from ${voteRoll} r where r.vote_id = b.vote_id and r.tenant_id = b.tenant_id and r.owner_key = 'dev')
            else coalesce(${addressOf(sql`p`)}, '') end as address,
          o.text as vote, b.voted_at as vote_time,
          case when b.cast_by <> b.resident_id then coalesce((select c.name from gate_persons c where c.id = b.cast_by and c.tenant_id = b.tenant_id), '') else '' end as proxy,
          coalesce((select u.name from users u where u.id = b.recorded_by), '') as recorder, b.remark
        from ${voteBallots} b join ${voteOptions} o on o.id = b.option_id and o.tenant_id = b.tenant_id
          left join gate_persons p on p.id = b.resident_id and p.tenant_id = b.tenant_id
        where b.vote_id = ${voteId} and b.tenant_id = ${vote.tenant_id} and b.superseded_at is null ${optionId ? sql`and b.option_id = ${optionId}` : sql``}
        order by b.voted_at, b.id`,
  );
  const s = scopeOfCaller(caller);
  const sensitive = s.perms.has(SENSITIVE_PERM);
  if (sensitive) logSensitiveViews(q, s, [...new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])))], 'vote:tel');
  return rows.map((r) => ({
    name: r.name,
    tel: sensitive ? r.tel : maskPhone(r.tel),
    address: r.address,
    vote: r.vote,
    vote_time: formatTime(r.vote_time),
    proxy: r.proxy,
    recorder: r.recorder,
    remark: r.remark,
  }));
};
