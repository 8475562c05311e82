import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { freezeRoll } from '../modules/community/index.ts';
import {
  questionnaireOptions,
  questionnaireQuestions,
  questionnaires,
  voteBallots,
  voteOptions,
  votes,
} from '../modules/community/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type VoteSeedIds = { tenantA: number; villagesA: [number, number] };

const days = (n: number) => sql`now() + make_interval(days => ${n})`;

const optionsOf = async (tx: Tx, tenantId: number, voteId: number, texts: string[], agreeFirst: boolean) =>
  tx
    .insert(voteOptions)
    .values(texts.map((text, i) => ({ tenantId, voteId, text, sort: i + 1, agree: agreeFirst && i === 0 ? 1 : 0 })))
    .returning({ id: voteOptions.id });

/** a questionnaire of 阳光花园 with three questions, answered by fifteen residents (set-based) */
const seedQuestionnaire = async (tx: Tx, tenantId: number, villageId: number) => {
  const [q] = await tx
    .insert(questionnaires)
    .values({
      tenantId,
      villageId,
      title: '2026年度物业服务满意度调查',
      description: '请各位业主、住户如实填写，帮助我们改进服务。',
      startTime: days(-3),
      endTime: days(27),
      status: 1,
      publishedAt: days(-3),
    })
    .returning({ id: questionnaires.id });
  const qs = await tx
    .insert(questionnaireQuestions)
    .values([
      { tenantId, questionnaireId: q!.id, title: '您对小区保洁服务是否满意？', type: 1, sort: 1 },
      { tenantId, questionnaireId: q!.id, title: '您希望增加哪些便民服务？', type: 2, sort: 2 },
      { tenantId, questionnaireId: q!.id, title: '您对物业还有什么建议？', type: 3, sort: 3 },
    ])
    .returning({ id: questionnaireQuestions.id });
  const single = ['非常满意', '满意', '一般', '不满意'];
  const multi = ['快递代收', '家政服务', '社区食堂', '老年活动室'];
  const [s, m] = [qs[0]!.id, qs[1]!.id];
  await tx
    .insert(questionnaireOptions)
    .values([
      ...single.map((text, i) => ({ tenantId, questionId: s, text, seqs: i + 1 })),
      ...multi.map((text, i) => ({ tenantId, questionId: m, text, seqs: i + 1 })),
    ]);
  const suggestions = `{${['希望夜间加强巡逻', '地下车库照明不足', '绿化修剪及时，点赞', '电梯维保请提前通知'].join(',')}}`;
  // the first fifteen approved residents answer: options picked by their row number, one suggestion in three
  await tx.execute(sql`with r as (
      select p.id, row_number() over (order by p.id) as n from gate_persons p
      where p.village_id = ${villageId} and p.status = 1 order by p.id limit 15),
    o as (select question_id, array_agg(id order by seqs) as ids from questionnaire_options
      where question_id in (${s}, ${m}) group by question_id)
    insert into questionnaire_answers (tenant_id, questionnaire_id, question_id, resident_id, option_ids, text, answered_at)
    select ${tenantId}, ${q!.id}, x.question_id, r.id, x.option_ids, x.text, now() - make_interval(hours => (r.n * 3)::int)
    from r cross join lateral (
      select ${s}::int as question_id, array[(select ids[1 + (r.n % 3)::int] from o where question_id = ${s})] as option_ids, '' as text
      union all
      select ${m}, (select array[ids[1 + (r.n % 4)::int], ids[1 + ((r.n + 1) % 4)::int]] from o where question_id = ${m}), ''
      union all
      select ${qs[2]!.id}, '{}'::int[], case when r.n % 3 = 0 then (${suggestions}::text[])[1 + (r.n / 3 % 4)::int] else '无' end
    ) x`);
};

/** an open poll of 阳光花园, one ballot per household: forty households have voted */
const seedPoll = async (tx: Tx, tenantId: number, villageId: number) => {
  const [v] = await tx
    .insert(votes)
    .values({
      tenantId,
      villageId,
      title: '儿童游乐区改造方案投票',
      description: '小区中心花园儿童游乐区改造，请每户选择一个方案。',
      voteType: 1,
      state: 3,
      test: '同意发布',
      etime: days(14),
      publishedAt: days(-2),
      createTime: days(-3),
    })
    .returning({ id: votes.id });
  const opts = await optionsOf(
    tx,
    tenantId,
    v!.id,
    ['方案A：塑胶场地+滑梯', '方案B：沙池+攀爬架', '方案C：保持现状'],
    false,
  );
  const ids = `{${opts.map((o) => o.id).join(',')}}`;
  await tx.execute(sql`insert into ${voteBallots} (tenant_id, vote_id, voter_key, option_id, resident_id, cast_by, voted_at)
    select ${tenantId}, ${v!.id}, 'h' || p.house_id, (${ids}::int[])[1 + (p.house_id * 7 % 10 / 4)], p.id, p.id,
      now() - make_interval(hours => (p.house_id % 40)::int)
    from (select distinct on (house_id) id, house_id from gate_persons
          where village_id = ${villageId} and status = 1 order by house_id, id limit 40) p`);
};

/**
 * A resolution with its roll frozen and ballots from owners: `yesShare` of the voting owners, the smallest units
 * first, say 同意 — so many small owners outvote few large ones by headcount but not by area.
 */
const seedResolution = async (
  tx: Tx,
  ids: { tenantId: number; villageId: number },
  v: { title: string; description: string; voteType: 3 | 4; closed: boolean; turnout: number; yesShare: number },
) => {
  const [row] = await tx
    .insert(votes)
    .values({
      tenantId: ids.tenantId,
      villageId: ids.villageId,
      title: v.title,
      description: v.description,
      voteType: v.voteType,
      state: v.closed ? 4 : 3,
      test: '材料齐全，同意发布',
      etime: v.closed ? days(-1) : days(20),
      publishedAt: days(-10),
      closedAt: v.closed ? days(-1) : null,
      createTime: days(-11),
    })
    .returning({ id: votes.id });
  const [yes, no, abstain] = await optionsOf(tx, ids.tenantId, row!.id, ['同意', '反对', '弃权'], true);
  await freezeRoll(tx, { id: row!.id, tenantId: ids.tenantId, villageId: ids.villageId });
  await tx.execute(sql`with k as (
      select r.owner_key, sum(r.area_centi) as area, min(p.id) as pid
      from vote_roll r join gate_persons p on p.house_id = r.house_id and p.personnel_type = 1 and p.status = 1
      where r.vote_id = ${row!.id} and r.owner_key <> 'dev' group by r.owner_key),
    voting as (select * from k order by owner_key limit (select ceil(count(*) * ${v.turnout}::numeric)::int from k)),
    ranked as (select *, row_number() over (order by area, owner_key) as rn, count(*) over () as n from voting)
    insert into ${voteBallots} (tenant_id, vote_id, voter_key, option_id, resident_id, cast_by, voted_at)
    select ${ids.tenantId}::int, ${row!.id}::int, owner_key,
      case when rn <= ceil(n * ${v.yesShare}::numeric) then ${yes!.id}::int when rn % 5 = 0 then ${abstain!.id}::int else ${no!.id}::int end,
      pid, pid, now() - interval '2 days' + make_interval(mins => rn::int)
    from ranked`);
};

/**
 * A company's questionnaires and votes: a questionnaire with answers, an open poll, a closed ordinary resolution of 翠湖名苑
 * that passes on headcount but fails on area (so the double majority shows), and an open major-matter resolution
 * of 阳光花园 still short of its participation.
 */
export const seedVotes = async (tx: Tx, ids: VoteSeedIds) => {
  const [sunshine, jade] = ids.villagesA;
  await seedQuestionnaire(tx, ids.tenantA, sunshine);
  await seedPoll(tx, ids.tenantA, sunshine);
  await seedResolution(
    tx,
    { tenantId: ids.tenantA, villageId: jade },
    {
      title: '关于更换小区物业服务企业的表决',
      description: '业主大会会议表决：是否续聘现物业服务企业（一般事项）。',
      voteType: 3,
      closed: true,
      turnout: 1,
      yesShare: 0.55,
    },
  );
  await seedResolution(
    tx,
    { tenantId: ids.tenantA, villageId: sunshine },
    {
      title: '关于使用专项维修资金更换电梯的表决',
      description: '业主大会会议表决：使用专项维修资金更换3幢、5幢电梯（重大事项）。',
      voteType: 4,
      closed: false,
      turnout: 0.6,
      yesShare: 0.8,
    },
  );
};
