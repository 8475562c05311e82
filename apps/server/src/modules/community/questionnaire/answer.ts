import { sql } from 'drizzle-orm';
import { fail, invalid, notFound } from '../../../core/errors.ts';
import { oneFrom, rowsFrom, type Q } from '../fields.ts';
import {
  questionnaireAnswers,
  questionnaireOptions,
  questionnaireQuestions,
  questionnaires,
} from '../schema-questionnaire.ts';

export const MAX_TEXT_ANSWER = 500;
export type AnswerGiven = { questionId: number; optionIds?: readonly number[]; text?: string };
export type AnswerInput = {
  tenantId: number;
  residentId: number;
  questionnaireId: number;
  answers: readonly AnswerGiven[];
};

type QuestionRow = { id: number; title: string; type: 1 | 2 | 3; options: number[] };

/** one answer checked against its question; the message names the question */
const checked = (question: QuestionRow, given: AnswerGiven | undefined) => {
  const name = `「${question.title}」`;
  if (question.type === 3) {
    const text = (given?.text ?? '').trim();
    if (!text) throw invalid(`${name} 请填写回答`, `q${question.id}`);
    if (text.length > MAX_TEXT_ANSWER) throw invalid(`${name} 回答不能超过${MAX_TEXT_ANSWER}个字符`, `q${question.id}`);
    return { questionId: question.id, optionIds: [] as number[], text };
  }
  const ids = [...new Set(given?.optionIds ?? [])];
  if (!ids.length) throw invalid(`${name} 请选择${question.type === 1 ? '一个' : '至少一个'}选项`, `q${question.id}`);
  if (question.type === 1 && ids.length !== 1) throw invalid(`${name} 只能选择一个选项`, `q${question.id}`);
  if (!ids.every((o) => question.options.includes(o))) throw invalid(`${name} 的选项不存在`, `q${question.id}`);
  return { questionId: question.id, optionIds: ids, text: '' };
};

/**
 * A resident answers a published questionnaire of his village within its period, once, every question:
 * a single choice exactly one option, a multiple choice one or more, a 问答 a text of 1–500 characters.
 * Everything is checked before anything is written; the answers are one statement.
 */
export const answerQuestionnaire = async (q: Q, input: AnswerInput): Promise<{ answered: number }> => {
  const head = await oneFrom<{ village_id: number; status: number; started: boolean; ended: boolean }>(
    q,
    sql`select village_id, status, start_time <= now() as started, end_time <= now() as ended
        from ${questionnaires} where id = ${input.questionnaireId} and tenant_id = ${input.tenantId}`,
  );
  if (!head) throw notFound();
  if (head.status !== 1) throw fail('问卷 尚未发布');
  if (!head.started) throw fail('问卷 尚未开始');
  if (head.ended) throw fail('问卷 已结束');
  const person = await oneFrom<{ village_id: number; status: number }>(
    q,
    sql`select village_id, status from gate_persons where id = ${input.residentId} and tenant_id = ${input.tenantId}`,
  );
  if (!person || person.status !== 1) throw invalid('住户 不存在或未通过审核', 'residentId');
  if (person.village_id !== head.village_id) throw invalid('住户 不属于该问卷的小区', 'residentId');
  const done = await oneFrom<{ id: number }>(
    q,
    sql`select id from ${questionnaireAnswers}
        where questionnaire_id = ${input.questionnaireId} and tenant_id = ${input.tenantId} and resident_id = ${input.residentId} limit 1`,
  );
  if (done) throw fail('您已填写过该问卷');

  const questions = await rowsFrom<QuestionRow>(
    q,
    sql`select qq.id, qq.title, qq.type,
          coalesce((select array_agg(o.id) from ${questionnaireOptions} o where o.question_id = qq.id and o.tenant_id = qq.tenant_id), '{}') as options
        from ${questionnaireQuestions} qq where qq.questionnaire_id = ${input.questionnaireId} and qq.tenant_id = ${input.tenantId} order by qq.sort, qq.id`,
  );
  const known = new Set(questions.map((x) => x.id));
  const stray = input.answers.find((a) => !known.has(a.questionId));
  if (stray) throw invalid('题目 不存在', 'questionId');
  const byQuestion = new Map(input.answers.map((a) => [a.questionId, a]));
  const rows = questions.map((question) => checked(question, byQuestion.get(question.id)));
  if (!rows.length) throw fail('问卷还没有题目');

  await q.execute(sql`insert into ${questionnaireAnswers} (tenant_id, questionnaire_id, question_id, resident_id, option_ids, text)
    select ${input.tenantId}, ${input.questionnaireId}, a.question_id, ${input.residentId}, a.option_ids::int[], a.text
    from json_to_recordset(${JSON.stringify(rows.map((r) => ({ question_id: r.questionId, option_ids: `{${r.optionIds.join(',')}}`, text: r.text })))}::json)
      as a(question_id int, option_ids text, text text)
    on conflict do nothing`);
  return { answered: rows.length };
};
