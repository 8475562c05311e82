import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireDetail, QuestionnaireResults } from '@5a/contracts/endpoints/community';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { answerQuestionnaire, type AnswerGiven } from '../index.ts';

const Q = '/Web/Community/Questionnaire';
type Reply<T> = { code: number; msg: string; data: T };

describe('问卷调查: editor, publishing, answers validated, results, isolation', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  const post = async <T>(path: string, body: object, token = property) =>
    (await t.post<T>(`${Q}/${path}`, body, token)).body as Reply<T>;
  beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
  afterAll(() => t.close());

  it('builds, sorts and publishes a questionnaire; a resident answers once, every question checked', async () => {
    const add = await post('add', {
      row: {
        village_id: ids.sunshine.id,
        title: '测试问卷',
        start_time: '2020-01-01 00:00:00',
        end_time: '2099-01-01 00:00:00',
      },
    });
    expect(add.code, add.msg).toBe(0);
    const id = (await t.one<{ id: number }>(sql`select max(id)::int as id from questionnaires`)).id;
    const opts = (texts: string[]) => texts.map((value, i) => ({ value, sort: i + 1 }));
    expect(
      (await post('QuestionnaireSave', { id, row: { title: '单选题', type: 1 }, wdContent: opts(['甲']) })).msg,
    ).toBe('选项 至少填写两个');
    await post('QuestionnaireSave', { id, row: { title: '单选题', type: 1 }, wdContent: opts(['甲', '乙']) });
    await post('QuestionnaireSave', { id, row: { title: '多选题', type: 2 }, wdContent: opts(['A', 'B', 'C']) });
    await post('QuestionnaireSave', { id, row: { title: '问答题', type: 3 }, wdContent: [] });
    let d = (await post<QuestionnaireDetail>('QuestionnaireGet', { id })).data;
    expect(d.questions.map((q) => q.type)).toEqual([1, 2, 3]);
    await post('QuestionnaireSort', { id, qtList: [d.questions[2]!.id, d.questions[0]!.id, d.questions[1]!.id] });
    d = (await post<QuestionnaireDetail>('QuestionnaireGet', { id })).data;
    expect(d.questions.map((q) => q.title)).toEqual(['问答题', '单选题', '多选题']);
    expect((await post('questionnairePublish', { data: { id } })).code).toBe(0);

    const [single, multi] = [d.questions[1]!, d.questions[2]!];
    const text = d.questions[0]!;
    const resident = await t.one<{ id: number }>(
      sql`select id from gate_persons where village_id = ${ids.sunshine.id} and status = 1 order by id desc limit 1`,
    );
    const base = { tenantId: ids.tenantA, residentId: resident.id, questionnaireId: id };
    const good: AnswerGiven[] = [
      { questionId: single.id, optionIds: [single.Answer[0]!.id] },
      { questionId: multi.id, optionIds: [multi.Answer[0]!.id, multi.Answer[2]!.id] },
      { questionId: text.id, text: '很好' },
    ];
    const bad = async (answers: typeof good, msg: string) =>
      expect(answerQuestionnaire(t.db, { ...base, answers })).rejects.toThrow(msg);
    await bad(
      [{ ...good[0]!, optionIds: single.Answer.map((a) => a.id) }, good[1]!, good[2]!],
      '「单选题」 只能选择一个选项',
    );
    await bad([good[0]!, { questionId: multi.id, optionIds: [] }, good[2]!], '「多选题」 请选择至少一个选项');
    await bad([good[0]!, good[1]!, { questionId: text.id, text: ' ' }], '「问答题」 请填写回答');
    await bad([good[0]!, good[1]!, { questionId: text.id, text: 'x'.repeat(501) }], '「问答题」 回答不能超过500个字符');
    expect((await t.rows(sql`select 1 from questionnaire_answers where questionnaire_id = ${id}`)).length).toBe(0);
    expect(await answerQuestionnaire(t.db, { ...base, answers: good })).toEqual({ answered: 3 });
    await bad(good, '您已填写过该问卷');
    const other = await t.one<{ id: number }>(
      sql`select id from gate_persons where village_id = ${ids.jade.id} and status = 1 limit 1`,
    );
    await expect(answerQuestionnaire(t.db, { ...base, residentId: other.id, answers: good })).rejects.toThrow(
      '住户 不属于该问卷的小区',
    );
    // answered: the questions are locked; the results count it
    expect((await post('QuestionnaireSave', { row: { id: text.id }, isDel: 1 })).msg).toBe(
      '问卷已有答卷，不能再修改题目',
    );
    const r = (await post<QuestionnaireResults>('results', { id })).data;
    expect(r.respondents).toBe(1);
    expect(r.questions[2]!.options.map((o) => o.percent)).toEqual(['100.00%', '0.00%', '100.00%']);
    expect(r.questions[0]!.texts[0]!.text).toBe('很好');
  });

  it("company B cannot read or edit company A's questionnaires", async () => {
    const demo = await t.one<{ id: number }>(sql`select id from questionnaires order by id limit 1`);
    expect((await post('QuestionnaireGet', { id: demo.id }, propertyb)).msg).toBe('数据不存在');
    expect((await post('results', { id: demo.id }, propertyb)).msg).toBe('数据不存在');
    expect((await post('QuestionnaireSort', { id: demo.id, qtList: [1] }, propertyb)).msg).toBe('数据不存在');
  });
});
