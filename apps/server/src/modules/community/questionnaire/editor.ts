import { sql } from 'drizzle-orm';
import type { QuestionnaireDetail, QuestionType } from '@5a/contracts/endpoints/community';
import type { Caller } from '../../../core/auth/actor.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { oneFrom, rowsFrom, type Q } from '../fields.ts';
import {
  questionnaireAnswers,
  questionnaireOptions,
  questionnaireQuestions,
  questionnaires,
} from '../schema-questionnaire.ts';

export type OptionIn = { text: string; seqs: number };
export type QuestionIn = { title: string; type: QuestionType; options: OptionIn[] };

/** the caller's company (-1 for none: questionnaireOf then finds nothing, so nothing after it runs) */
const tenantOf = (caller: Caller) => caller.actor.tenantId ?? -1;

const seen = (caller: Caller) =>
  caller.villageIds === null ? sql`true` : sql`q.village_id = any(${`{${caller.villageIds.join(',')}}`}::int[])`;

/** the caller's questionnaire (tenant and data scope), or 数据不存在 */
export const questionnaireOf = async (q: Q, caller: Caller, id: number) => {
  const row = await oneFrom<{
    id: number;
    tenant_id: number;
    title: string;
    status: number;
    village_id: number;
    answered: boolean;
  }>(
    q,
    sql`select q.id, q.tenant_id, q.title, q.status, q.village_id,
          exists (select 1 from ${questionnaireAnswers} a where a.questionnaire_id = q.id and a.tenant_id = q.tenant_id) as answered
        from ${questionnaires} q where q.id = ${id} and q.tenant_id = ${caller.actor.tenantId ?? -1} and ${seen(caller)}`,
  );
  if (!row) throw notFound();
  return row;
};

/** the questions of a questionnaire that nobody answered yet: answers keep its questions as they were asked */
const editable = async (q: Q, caller: Caller, id: number) => {
  const row = await questionnaireOf(q, caller, id);
  if (row.answered) throw fail('问卷已有答卷，不能再修改题目');
  return row;
};

const questionOf = async (q: Q, caller: Caller, questionId: number) => {
  const row = await oneFrom<{ questionnaire_id: number }>(
    q,
    sql`select questionnaire_id from ${questionnaireQuestions} where id = ${questionId} and tenant_id = ${caller.actor.tenantId ?? -1}`,
  );
  if (!row) throw notFound();
  await editable(q, caller, row.questionnaire_id);
  return row.questionnaire_id;
};

/** 编辑问卷's list: the questions in their order, each with its options in theirs. */
export const questionnaireDetail = async (q: Q, caller: Caller, id: number): Promise<QuestionnaireDetail> => {
  const head = await questionnaireOf(q, caller, id);
  const rows = await rowsFrom<{ id: number; title: string; type: QuestionType; sort: number; answers: unknown }>(
    q,
    sql`select qq.id, qq.title, qq.type, qq.sort,
          coalesce((select json_agg(json_build_object('id', o.id, 'text', o.text, 'seqs', o.seqs) order by o.seqs, o.id)
                    from ${questionnaireOptions} o where o.question_id = qq.id and o.tenant_id = qq.tenant_id), '[]'::json) as answers
        from ${questionnaireQuestions} qq where qq.questionnaire_id = ${id} and qq.tenant_id = ${head.tenant_id} order by qq.sort, qq.id`,
  );
  return {
    id: head.id,
    title: head.title,
    status: head.status,
    locked: head.answered,
    questions: rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      sort: r.sort,
      Answer: r.answers as QuestionnaireDetail['questions'][number]['Answer'],
    })),
  };
};

const writeOptions = async (q: Q, tenantId: number, questionId: number, input: QuestionIn) => {
  await q.execute(
    sql`delete from ${questionnaireOptions} where question_id = ${questionId} and tenant_id = ${tenantId}`,
  );
  if (input.type === 3 || !input.options.length) return;
  await q
    .insert(questionnaireOptions)
    .values(input.options.map((o) => ({ tenantId, questionId, text: o.text, seqs: o.seqs })));
};

/** 新增 a question at the end of the list */
export const addQuestion = async (q: Q, caller: Caller, id: number, input: QuestionIn) => {
  await editable(q, caller, id);
  const tenantId = caller.actor.tenantId ?? -1;
  const [row] = await rowsFrom<{ id: number }>(
    q,
    sql`insert into ${questionnaireQuestions} (tenant_id, questionnaire_id, title, type, sort)
        select ${tenantId}, ${id}, ${input.title}, ${input.type},
          coalesce((select max(sort) from ${questionnaireQuestions} where questionnaire_id = ${id} and tenant_id = ${tenantId}), 0) + 1
        returning id`,
  );
  await writeOptions(q, tenantId, row!.id, input);
  return { id: row!.id };
};

export const editQuestion = async (q: Q, caller: Caller, questionId: number, input: QuestionIn) => {
  await questionOf(q, caller, questionId);
  await q.execute(
    sql`update ${questionnaireQuestions} set title = ${input.title}, type = ${input.type}
        where id = ${questionId} and tenant_id = ${tenantOf(caller)}`,
  );
  await writeOptions(q, caller.actor.tenantId ?? -1, questionId, input);
  return { id: questionId };
};

export const deleteQuestion = async (q: Q, caller: Caller, questionId: number) => {
  await questionOf(q, caller, questionId);
  const tenantId = tenantOf(caller);
  await q.execute(
    sql`delete from ${questionnaireOptions} where question_id = ${questionId} and tenant_id = ${tenantId}`,
  );
  await q.execute(sql`delete from ${questionnaireQuestions} where id = ${questionId} and tenant_id = ${tenantId}`);
  return { id: questionId };
};

/** 排序: the questions in the order given; every question of the questionnaire exactly once */
export const sortQuestions = async (q: Q, caller: Caller, id: number, order: readonly number[]) => {
  await editable(q, caller, id);
  const ids = await rowsFrom<{ id: number }>(
    q,
    sql`select id from ${questionnaireQuestions} where questionnaire_id = ${id} and tenant_id = ${tenantOf(caller)}`,
  );
  const have = new Set(ids.map((r) => r.id));
  if (order.length !== have.size || new Set(order).size !== order.length || !order.every((x) => have.has(x)))
    throw fail('题目顺序 须包含本问卷的全部题目各一次');
  const list = `{${order.join(',')}}`;
  await q.execute(sql`update ${questionnaireQuestions} qq set sort = o.ord
    from unnest(${list}::int[]) with ordinality as o(id, ord) where qq.id = o.id and qq.tenant_id = ${tenantOf(caller)}`);
  return { id };
};

/** 发布: a draft with at least one question opens for its period */
export const publishQuestionnaire = async (q: Q, caller: Caller, id: number) => {
  const row = await questionnaireOf(q, caller, id);
  if (row.status !== 0) throw fail('问卷已发布');
  const n = await oneFrom<{ n: number }>(
    q,
    sql`select count(*)::int as n from ${questionnaireQuestions} where questionnaire_id = ${id} and tenant_id = ${row.tenant_id}`,
  );
  if (!n?.n) throw fail('问卷还没有题目，请先编辑问卷');
  await q.execute(
    sql`update ${questionnaires} set status = 1, published_at = now(), updated_at = now() where id = ${id} and tenant_id = ${row.tenant_id}`,
  );
  touchTable(questionnaires);
  return { id };
};

export const deleteQuestionnaireParts = async (q: Q, id: number, tenantId: number) => {
  await q.execute(sql`delete from ${questionnaireAnswers} where questionnaire_id = ${id} and tenant_id = ${tenantId}`);
  await q.execute(sql`delete from ${questionnaireOptions} where tenant_id = ${tenantId} and question_id in
    (select id from ${questionnaireQuestions} where questionnaire_id = ${id} and tenant_id = ${tenantId})`);
  await q.execute(
    sql`delete from ${questionnaireQuestions} where questionnaire_id = ${id} and tenant_id = ${tenantId}`,
  );
};
