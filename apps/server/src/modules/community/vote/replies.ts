import { z } from 'zod';
import { idOf, parentIdOf } from '@5a/contracts';

/** The vote calls' bodies and replies. */
const int = () => z.number().int();
export const auditBody = z.object({
  id: idOf('投票'),
  type: z.coerce
    .number({ error: '审核状态 格式错误' })
    .int('审核状态 格式错误')
    .refine((n) => n === 0 || n === 2, '请选择审核状态')
    .default(0)
    .transform((n) => n as 0 | 2),
  auditmsg: z.string({ error: '审核备注 格式错误' }).trim().max(200, '审核备注 不能超过200个字符').default(''),
});
export const auditReply = z.object({ id: int(), state: int() });
export const idBody = z.object({ id: idOf('投票') });
export const detailBody = z.object({ rowId: idOf('投票'), id: parentIdOf('投票选项') });

const tally = z.object({
  matter: z.enum(['major', 'ordinary']),
  area_total: z.string(),
  area_voted: z.string(),
  area_yes: z.string(),
  owners_total: int(),
  owners_voted: int(),
  owners_yes: int(),
  turnout_met: z.boolean(),
  passed: z.boolean(),
});
export const viewReply = z.object({
  id: int(),
  title: z.string(),
  desc: z.string(),
  img: z.string(),
  vote_type: int(),
  state: int(),
  test: z.string(),
  village: z.string(),
  etime: z.string(),
  published: z.string(),
  persons: int(),
  votOptions: z.array(z.object({ id: int(), text: z.string(), num: int(), Percent: z.string(), status: int() })),
  tally: tally.optional(),
});
export const votersReply = z.array(
  z.object({
    name: z.string(),
    tel: z.string(),
    address: z.string(),
    vote: z.string(),
    vote_time: z.string(),
    proxy: z.string(),
    recorder: z.string(),
    remark: z.string(),
  }),
);
export const votersBody = z.object({
  id: idOf('投票'),
  name: z.string({ error: '姓名 格式错误' }).trim().max(32, '姓名 不能超过32个字符').default(''),
});
export const votersOptionsReply = z.object({
  list: z.array(z.object({ id: int(), name: z.string(), address: z.string(), voted: z.boolean() })),
  developer_units: int(),
});
export const writtenBody = z.object({
  id: idOf('投票'),
  voter: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', '请选择投票人')
    .pipe(z.union([z.literal('dev'), idOf('投票人')])),
  optionId: idOf('投票选项'),
  remark: z.string({ error: '备注 格式错误' }).trim().max(200, '备注 不能超过200个字符').default(''),
});
export const writtenReply = z.object({ changed: z.boolean() });
