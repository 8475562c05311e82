import { sql } from 'drizzle-orm';
import type {
  ResidentQuestionnaire,
  ResidentQuestionnaireDetail,
  ResidentVote,
} from '@5a/contracts/endpoints/resident';
import type { Db } from '../../../core/db/client.ts';
import { invalid, notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import {
  questionnaireAnswers,
  questionnaireOptions,
  questionnaireQuestions,
  questionnaires,
  voteBallots,
  voteOptions,
  voteProxies,
  voteRoll,
  votes,
} from '../../community/index.ts';
import { buildings, gatePersons, houses } from '../../estate/index.ts';
import { villages } from '../../tenancy/index.ts';
import type { ResidentHome } from '@5a/contracts/endpoints/resident';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const time = (v: string | Date) => formatTime(new Date(v));

/** the published questionnaires of his home's village that have started, newest first, and whether he answered */
export const questionnairesOf = async (db: Db, tenantId: number, home: ResidentHome, id?: number) => {
  const rows = rowsOf<{
    id: number;
    title: string;
    village_name: string;
    start_time: string;
    end_time: string;
    answered: boolean;
  }>(
    await db.execute(sql`select q.id, q.title, v.name as village_name, q.start_time, q.end_time,
        exists (select 1 from ${questionnaireAnswers} a where a.questionnaire_id = q.id
          and a.resident_id = ${home.person_id}) as answered
      from ${questionnaires} q join ${villages} v on v.id = q.village_id
      where q.tenant_id = ${tenantId} and q.village_id = ${home.village_id} and q.status = 1
        and q.start_time <= now() ${id === undefined ? sql`` : sql`and q.id = ${id}`}
      order by q.id desc`),
  );
  return rows.map((r): ResidentQuestionnaire => ({
    id: Number(r.id),
    title: r.title,
    village_name: r.village_name,
    start_time: time(r.start_time),
    end_time: time(r.end_time),
    answered: r.answered,
  }));
};

/** one of them with its questions and options, in the editor's order */
export const questionnaireOf = async (
  db: Db,
  tenantId: number,
  home: ResidentHome,
  id: number,
): Promise<ResidentQuestionnaireDetail> => {
  const [head] = await questionnairesOf(db, tenantId, home, id);
  if (!head) throw notFound('问卷');
  const questions = rowsOf<{ id: number; title: string; type: 1 | 2 | 3; options: { id: number; text: string }[] }>(
    await db.execute(sql`select q.id, q.title, q.type,
        coalesce((select json_agg(json_build_object('id', o.id, 'text', o.text) order by o.seqs, o.id)
          from ${questionnaireOptions} o where o.question_id = q.id and o.tenant_id = q.tenant_id), '[]'::json) as options
      from ${questionnaireQuestions} q where q.questionnaire_id = ${id} and q.tenant_id = ${tenantId} order by q.sort, q.id`),
  );
  return { ...head, questions: questions.map((q) => ({ ...q, id: Number(q.id), type: Number(q.type) as 1 | 2 | 3 })) };
};

/**
 * The votes open in his home's village (投票中), each with its options, the option his current ballot chose (his
 * household's, his own, or — for a resolution — his roll entry's), and for a resolution the units he votes for.
 */
export const votesOf = async (db: Db, tenantId: number, home: ResidentHome): Promise<ResidentVote[]> => {
  const rows = rowsOf<{
    id: number;
    title: string;
    description: string;
    vote_type: number;
    etime: string;
    options: { id: number; text: string }[];
    my_option_id: number | null;
    units: { address: string; area: string }[];
    entrusted_to: string | null;
    proxy_for: { person_id: number; name: string; option_id: number | null }[];
  }>(
    await db.execute(sql`with mine as (
        select r.vote_id, r.owner_key from ${voteRoll} r
        where r.tenant_id = ${tenantId} and r.house_id = ${home.house_id}
      )
      select v.id, v.title, v.description, v.vote_type, v.etime,
        coalesce((select json_agg(json_build_object('id', o.id, 'text', o.text) order by o.sort, o.id)
          from ${voteOptions} o where o.vote_id = v.id), '[]'::json) as options,
        (select b.option_id from ${voteBallots} b where b.vote_id = v.id and b.superseded_at is null
          and b.voter_key in (${`h${home.house_id}`}, ${`r${home.person_id}`},
            coalesce((select m.owner_key from mine m where m.vote_id = v.id), ''))
          order by b.id desc limit 1) as my_option_id,
        case when v.vote_type in (3, 4) then coalesce((
          select json_agg(json_build_object('address', concat_ws('', bd.name, h.unit_name, h.name),
            'area', to_char(r.area_centi / 100.0, 'FM999999990.00')) order by h.id)
          from ${voteRoll} r join ${houses} h on h.id = r.house_id join ${buildings} bd on bd.id = h.building_id
          where r.vote_id = v.id and r.owner_key = (select m.owner_key from mine m where m.vote_id = v.id)
        ), '[]'::json) else '[]'::json end as units,
        (select p.name from ${voteProxies} x join ${gatePersons} p on p.id = x.proxy_id
          where x.vote_id = v.id and x.owner_id = ${home.person_id}) as entrusted_to,
        coalesce((select json_agg(json_build_object('person_id', o.id, 'name', o.name, 'option_id', (
            select b.option_id from ${voteBallots} b where b.vote_id = v.id and b.superseded_at is null
              and b.voter_key in ('h' || o.house_id, 'r' || o.id, coalesce((select r.owner_key from ${voteRoll} r
                where r.vote_id = v.id and r.house_id = o.house_id), ''))
            order by b.id desc limit 1)) order by o.id)
          from ${voteProxies} x join ${gatePersons} o on o.id = x.owner_id
          where x.vote_id = v.id and x.proxy_id = ${home.person_id}), '[]'::json) as proxy_for
      from ${votes} v
      where v.tenant_id = ${tenantId} and v.village_id = ${home.village_id} and v.state = 3 and v.etime > now()
      order by v.etime, v.id`),
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    vote_type: Number(r.vote_type),
    etime: time(r.etime),
    my_option_id: r.my_option_id === null ? null : Number(r.my_option_id),
    entrusted_to: r.entrusted_to ?? '',
  }));
};

/**
 * The approved resident of the village with this name and phone — the one an owner entrusts; both must match his
 * registration, so a phone number alone tells nobody whose it is.
 */
export const residentNamed = async (db: Db, tenantId: number, villageId: number, name: string, phone: string) => {
  const [p] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from ${gatePersons} where tenant_id = ${tenantId} and village_id = ${villageId}
      and status = 1 and tel = ${phone} and name = ${name} order by id limit 1`),
  );
  if (!p) throw invalid('受托人 不是本小区登记的住户（姓名与手机号须一致）', 'proxy_phone');
  return Number(p.id);
};
