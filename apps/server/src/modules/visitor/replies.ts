import { z } from 'zod';
import { idOf, isMobile } from '@5a/contracts';
import { VISITOR_TYPES, VisitorMsg } from '@5a/contracts/endpoints/visitor';

/** The visitor module's bodies and replies, as the routes parse and the serializer checks them. */
const int = () => z.number().int();

/** a public body takes exactly what the page sends: any other key is refused by name */
const strict = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys' ? `不支持的字段：${(iss.keys as string[]).join('、')}` : VisitorMsg.badParams,
  });

/** the page's own query: a malformed one is 参数错误 */
export const queryBody = strict({
  type: z.string({ error: VisitorMsg.badParams }).trim().max(8, VisitorMsg.badParams),
  id: z.string({ error: VisitorMsg.badParams }).trim().min(1, VisitorMsg.badParams).max(100, VisitorMsg.badParams),
});

const typeLabel = (idx: number) => VISITOR_TYPES.find((t) => t.value === idx)?.label;

export const valuesBody = strict({
  name: z.string({ error: VisitorMsg.name }).trim().min(1, VisitorMsg.name).max(50, '姓名 不能超过50个字符'),
  phone: z
    .string({ error: VisitorMsg.phone })
    .trim()
    .min(1, VisitorMsg.phone)
    .refine((v) => isMobile(v), VisitorMsg.phoneFormat),
  fklx: z.string({ error: '访客类型 格式错误' }).trim().max(20, '访客类型 格式错误').optional(),
  fklxidx: z
    .union([z.number(), z.string()], { error: VisitorMsg.type })
    .transform(Number)
    .pipe(
      z
        .number({ error: VisitorMsg.type })
        .int(VisitorMsg.type)
        .refine((n) => typeLabel(n) !== undefined, VisitorMsg.type),
    ),
  avatar: z.string({ error: VisitorMsg.avatar }).trim().min(1, VisitorMsg.avatar).max(255, '头像 格式错误'),
}).superRefine((v, ctx) => {
  // the label the page shows beside the index must be that index's, or the two disagree about what was chosen
  if (v.fklx && v.fklx !== typeLabel(v.fklxidx))
    ctx.addIssue({ code: 'custom', path: ['fklx'], message: '访客类型 格式错误' });
});

export const acModelBody = strict({ query: queryBody });
export const regBody = strict({ values: valuesBody, query: queryBody });
export const uploadQuery = queryBody;

export const villageReply = z.object({
  name: z.string(),
  closed: int().describe('小区停用：1 是 / 2 否'),
  f_visitor_registration: int().describe('访客登记：1 开启 / 2 关闭'),
});
export const regReply = z.object({ id: int() });

const villageId = { village_id: idOf('所属小区') };
export const qrBody = z.object(villageId);
export const qrReply = z.object({
  id: int(),
  url: z.string().describe('/visitor_reg?type=1&id=<签名令牌>'),
  village_name: z.string(),
  expire_time: z.string(),
  f_visitor_registration: int(),
  filename: z.string(),
});
export const revokeReply = z.object({ revoked: int() });
export const settingBody = z.object({
  ...villageId,
  f_visitor_registration: z.coerce
    .number({ error: '访客登记 格式错误' })
    .int('访客登记 格式错误')
    .refine((n) => n === 1 || n === 2, '访客登记 格式错误'),
});
export const settingReply = z.object({ f_visitor_registration: int() });

export const reviewBody = z.object({
  id: idOf('id'),
  status: z.coerce
    .number({ error: '审核结果 格式错误' })
    .int('审核结果 格式错误')
    .refine((n) => n === 1 || n === 2, '请选择审核结果'),
  pass_start: z.string().trim().max(19, '通行开始时间 格式错误').optional(),
  pass_end: z.string().trim().max(19, '通行结束时间 格式错误').optional(),
  reason: z.string().trim().max(200, '拒绝原因 不能超过200个字符').optional(),
});
export const reviewReply = z.object({ id: int(), status: int() });
