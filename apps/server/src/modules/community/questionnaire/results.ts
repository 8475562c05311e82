import { sql } from 'drizzle-orm';
import type { QuestionnaireResults, QuestionType } from '@5a/contracts/endpoints/community';
import type { Caller } from '../../../core/auth/actor.ts';
import { formatTime } from '../../../core/time.ts';
import { logSensitiveViews, maskPhone, scopeOfCaller, SENSITIVE_PERM } from '../../estate/index.ts';
import { addressOf, oneFrom, percentOf, rowsFrom, type Q } from '../fields.ts';
import {
  questionnaireAnswers,
  questionnaireOptions,
  questionnaireQuestions,
  questionnaires,
} from '../schema-questionnaire.ts';
import { questionnaireOf } from './editor.ts';

type OptionCount = { id: number; text: string; num: number };
type QuestionRow = { id: number; title: string; type: QuestionType; options: OptionCount[]; answered: number };

/**
 * 查看问卷: per question the options with how many chose each and their share of the question's answers,
 * the 问答 texts, and who answered (phones masked without 查看敏感信息).
 */
export const questionnaireResults = async (q: Q, caller: Caller, id: number): Promise<QuestionnaireResults> => {
  const { tenant_id: tenantId } = await questionnaireOf(q, caller, id);
  const head = await oneFrom<{ title: string; village: string; start_time: string; end_time: string; n: number }>(
    q,
    sql`select q.title, v.name as village, q.start_time, q.end_time,
          (select count(distinct resident_id)::int from ${questionnaireAnswers} a
            where a.questionnaire_id = q.id and a.tenant_id = q.tenant_id) as n
        from ${questionnaires} q join villages v on v.id = q.village_id and v.tenant_id = q.tenant_id
        where q.id = ${id} and q.tenant_id = ${tenantId}`,
  );
  const questions = await rowsFrom<QuestionRow>(
    q,
    sql`select qq.id, qq.title, qq.type,
          (select count(*)::int from ${questionnaireAnswers} a where a.question_id = qq.id and a.tenant_id = qq.tenant_id) as answered,
          coalesce((select json_agg(json_build_object('id', o.id, 'text', o.text,
              'num', (select count(*) from ${questionnaireAnswers} a
                where a.question_id = qq.id and a.tenant_id = qq.tenant_id and o.id = any(a.option_ids)))
              order by o.seqs, o.id)
            from ${questionnaireOptions} o where o.question_id = qq.id and o.tenant_id = qq.tenant_id), '[]'::json) as options
        from ${questionnaireQuestions} qq where qq.questionnaire_id = ${id} and qq.tenant_id = ${tenantId} order by qq.sort, qq.id`,
  );
  const texts = await rowsFrom<{ question_id: number; name: string; text: string; time: string }>(
    q,
    sql`select a.question_id, p.name, a.text, a.answered_at as time
        from ${questionnaireAnswers} a join gate_persons p on p.id = a.resident_id and p.tenant_id = a.tenant_id
        where a.questionnaire_id = ${id} and a.tenant_id = ${tenantId} and a.text <> '' order by a.answered_at, a.id`,
  );
  const people = await rowsFrom<{ id: number; name: string; tel: string; address: string; time: string }>(
    q,
    sql`select p.id, p.name, p.tel, coalesce(${addressOf(sql`p`)}, '') as address, min(a.answered_at) as time
        from ${questionnaireAnswers} a join gate_persons p on p.id = a.resident_id and p.tenant_id = a.tenant_id
        where a.questionnaire_id = ${id} and a.tenant_id = ${tenantId} group by p.id, p.tenant_id order by min(a.answered_at), p.id`,
  );
  const s = scopeOfCaller(caller);
  const sensitive = s.perms.has(SENSITIVE_PERM);
  if (sensitive)
    logSensitiveViews(
      q,
      s,
      people.map((p) => p.id),
      'questionnaire:tel',
    );
  return {
    id,
    title: head!.title,
    village: head!.village,
    start_time: formatTime(head!.start_time),
    end_time: formatTime(head!.end_time),
    respondents: head!.n,
    questions: questions.map((x) => ({
      id: x.id,
      title: x.title,
      type: x.type,
      options: x.options.map((o) => ({ ...o, num: Number(o.num), percent: percentOf(Number(o.num), x.answered) })),
      texts: texts
        .filter((t) => t.question_id === x.id)
        .map((t) => ({ name: t.name, text: t.text, time: formatTime(t.time) })),
    })),
    people: people.map((p) => ({
      name: p.name,
      tel: sensitive ? p.tel : maskPhone(p.tel),
      address: p.address,
      time: formatTime(p.time),
    })),
  };
};
