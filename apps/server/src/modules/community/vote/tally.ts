import { sql } from 'drizzle-orm';
import type { VoteTally } from '@5a/contracts/endpoints/community';
import { centiToM2, oneFrom, type Q } from '../fields.ts';
import { voteBallots, voteOptions, voteRoll } from '../schema-vote.ts';

export type Matter = 'major' | 'ordinary';
type Figures = {
  area_total: string;
  area_voted: string;
  area_yes: string;
  owners_total: number;
  owners_voted: number;
  owners_yes: number;
  turnout_met: boolean;
  passed: boolean;
};

/**
 * The verdict of an owners' general-meeting resolution, in one statement over its frozen roll and the current
 * ballots. Headcount is distinct owner keys (an owner of several units once, the developer's units once); areas
 * are integer hundredths of m². Participation needs ≥ 2/3 of the area and ≥ 2/3 of the owners; then a major
 * matter needs ≥ 3/4, any other more than 1/2, of the participating area and of the participating owners.
 * Every comparison is a cross-multiplication of integers, so a figure exactly on a fraction falls on the side
 * the law puts it.
 */
export const tallyResolution = async (q: Q, voteId: number, tenantId: number, matter: Matter): Promise<VoteTally> => {
  const major = matter === 'major';
  const f = await oneFrom<Figures>(
    q,
    sql`with b as (
          select b.voter_key, o.agree from ${voteBallots} b join ${voteOptions} o on o.id = b.option_id and o.tenant_id = b.tenant_id
          where b.vote_id = ${voteId} and b.tenant_id = ${tenantId} and b.superseded_at is null),
        u as (
          select r.owner_key, r.area_centi, b.voter_key is not null as voted, coalesce(b.agree, 0) = 1 as yes
          from ${voteRoll} r left join b on b.voter_key = r.owner_key where r.vote_id = ${voteId} and r.tenant_id = ${tenantId}),
        t as (
          select coalesce(sum(area_centi), 0)::bigint as area_total,
            coalesce(sum(area_centi) filter (where voted), 0)::bigint as area_voted,
            coalesce(sum(area_centi) filter (where yes), 0)::bigint as area_yes,
            count(distinct owner_key)::bigint as owners_total,
            count(distinct owner_key) filter (where voted)::bigint as owners_voted,
            count(distinct owner_key) filter (where yes)::bigint as owners_yes
          from u),
        v as (
          select t.*, owners_total > 0 and area_voted * 3 >= area_total * 2 and owners_voted * 3 >= owners_total * 2 as turnout_met,
            case when ${major}
              then area_voted > 0 and area_yes * 4 >= area_voted * 3 and owners_yes * 4 >= owners_voted * 3
              else area_yes * 2 > area_voted and owners_yes * 2 > owners_voted end as majority
          from t)
        select area_total::text, area_voted::text, area_yes::text, owners_total::int, owners_voted::int,
          owners_yes::int, turnout_met, turnout_met and majority as passed
        from v`,
  );
  return {
    matter,
    area_total: centiToM2(f!.area_total),
    area_voted: centiToM2(f!.area_voted),
    area_yes: centiToM2(f!.area_yes),
    owners_total: f!.owners_total,
    owners_voted: f!.owners_voted,
    owners_yes: f!.owners_yes,
    turnout_met: f!.turnout_met,
    passed: f!.passed,
  };
};

/** the rule applied, as the result sheet states it */
export const ruleText = (matter: Matter) =>
  `参与表决：专有部分面积占比三分之二以上且人数占比三分之二以上的业主；${
    matter === 'major'
      ? '重大事项（筹集或使用维修资金、改建重建建筑物、改变共有部分用途或利用共有部分从事经营活动）：经参与表决专有部分面积四分之三以上且参与表决人数四分之三以上的业主同意'
      : '一般事项：经参与表决专有部分面积过半数且参与表决人数过半数的业主同意'
  }`;
