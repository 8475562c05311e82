import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { invalid } from '../../../core/errors.ts';
import type { QuestionIn } from './editor.ts';

/** The questionnaire calls' bodies and replies, as the routes parse and the serializer checks them. */
const int = () => z.number().int();
const seqs = z.coerce
  .number({ error: '选项序号 格式错误' })
  .int('选项序号 格式错误')
  .min(0)
  .max(9999, '选项序号 格式错误');
const optionText = z
  .string({ error: '选项内容 不能为空' })
  .trim()
  .min(1, '选项内容 不能为空')
  .max(200, '选项内容 不能超过200个字符');

const rowShape = {
  id: idOf('题目').optional(),
  title: z
    .string({ error: '题目标题 不能为空' })
    .trim()
    .min(1, '题目标题 不能为空')
    .max(200, '题目标题 不能超过200个字符')
    .optional(),
  type: z.coerce
    .number({ error: '题目类型 格式错误' })
    .int('题目类型 格式错误')
    .refine((n) => n === 1 || n === 2 || n === 3, '请选择题目类型')
    .optional(),
  Answer: z
    .array(z.object({ text: optionText, seqs }), { error: '选项 格式错误' })
    .max(50, '选项 不能超过50个')
    .optional(),
};
const flag = z.union([z.literal(1), z.literal('1')]);

export const saveBody = z.union([
  z.object({ row: z.object(rowShape), isDel: flag }),
  z.object({ row: z.object(rowShape), isEdit: flag }),
  z.object({
    id: idOf('问卷'),
    row: z.object(rowShape),
    wdContent: z
      .array(z.object({ value: optionText, sort: seqs }), { error: '选项 格式错误' })
      .max(50, '选项 不能超过50个'),
  }),
]);
export type SaveBody = z.output<typeof saveBody>;

/** a question as the add and edit dialogs send it, checked: a choice needs two options at least, a 问答 none */
export const questionOf = (row: SaveBody['row'], options: { text: string; seqs: number }[]): QuestionIn => {
  if (!row.title) throw invalid('题目标题 不能为空', 'title');
  if (!row.type) throw invalid('请选择题目类型', 'type');
  const type = row.type as 1 | 2 | 3;
  if (type !== 3 && options.length < 2) throw invalid('选项 至少填写两个', 'Answer');
  return { title: row.title, type, options: type === 3 ? [] : options };
};

export const idBody = z.object({ id: idOf('问卷') });
export const sortBody = z.object({
  id: idOf('问卷'),
  qtList: z.array(idOf('题目'), { error: '题目顺序 格式错误' }).min(1, '题目顺序 不能为空').max(500),
});
export const idReply = z.object({ id: int() });

const answer = z.object({ id: int(), text: z.string(), seqs: int() });
export const detailReply = z.object({
  id: int(),
  title: z.string(),
  status: int(),
  locked: z.boolean(),
  questions: z.array(
    z.object({
      id: int(),
      title: z.string(),
      type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      sort: int(),
      Answer: z.array(answer),
    }),
  ),
});

export const resultsReply = z.object({
  id: int(),
  title: z.string(),
  village: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  respondents: int(),
  questions: z.array(
    z.object({
      id: int(),
      title: z.string(),
      type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      options: z.array(z.object({ id: int(), text: z.string(), num: int(), percent: z.string() })),
      texts: z.array(z.object({ name: z.string(), text: z.string(), time: z.string() })),
    }),
  ),
  people: z.array(z.object({ name: z.string(), tel: z.string(), address: z.string(), time: z.string() })),
});
