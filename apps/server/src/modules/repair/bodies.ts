import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { isOwnFileList } from '../../core/engine/file-ref.ts';

const plain = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`);
const text = (label: string, max: number) => plain(label, max).min(1, `${label}不能为空`);
const optText = (label: string, max: number) => plain(label, max).optional();
const datetime = (label: string) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, `${label}格式应为YYYY-MM-DD HH:mm:ss`)
    .transform(
      (v) => new Date(`${v.length === 10 ? `${v} 00:00:00` : v.length === 16 ? `${v}:00` : v}+08:00`.replace(' ', 'T')),
    );
/** yuan as forms send it → fen */
const money = (label: string) =>
  z
    .union([z.number(), z.string().trim().max(20, `${label}格式错误`)], { error: `${label}格式错误` })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : v === '' ? 0 : Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 1_000_000 || Math.round(n * 100) !== Math.round(n * 100 * 1000) / 1000) {
        ctx.addIssue({ code: 'custom', message: `${label}须为0到1000000之间、最多两位小数的金额` });
        return 0;
      }
      return Math.round(n * 100);
    });
const images = (label: string) =>
  z
    .union(
      [
        z.array(z.string().max(500, `${label}格式错误`)).transform((a) => a.join(',')),
        z.string().max(5000, `${label}格式错误`),
      ],
      { error: `${label}格式错误` },
    )
    .refine((v) => v === '' || isOwnFileList(v), `${label}格式错误`)
    .refine((v) => v === '' || v.split(',').length <= 9, `${label}最多9张`)
    .optional();

export const idBody = z.object({ id: idOf('工单') });
/** 派单's fields besides the id of what is dispatched (a work order here, an alert or an order on the one-map) */
export const dispatchFields = {
  personid: idOf('维修人员'),
  content: text('派单内容', 500),
  wctime: datetime('要求完成时间'),
  stime: datetime('开始时间').optional(),
  etime: datetime('结束时间').optional(),
};
/** the refinement every 派单 body carries */
export const dispatchTimesInOrder = (b: { stime?: Date; etime?: Date }) => !b.stime || !b.etime || b.etime >= b.stime;
export const DISPATCH_TIMES_ISSUE = { message: '结束时间不能早于开始时间', path: ['etime'] };
export const dispatchBody = z
  .object({ id: idOf('工单'), ...dispatchFields })
  .refine(dispatchTimesInOrder, DISPATCH_TIMES_ISSUE);
export const completeBody = z.object({
  id: idOf('工单'),
  result: text('处理结果', 2000),
  result_imgs: images('完工照片'),
  material_cost: money('材料费').optional(),
  labour_cost: money('人工费').optional(),
});
export const visitBody = z.object({
  id: idOf('工单'),
  rating: z.coerce
    .number({ error: '评分须为1到5的整数' })
    .int('评分须为1到5的整数')
    .min(1, '评分须为1到5的整数')
    .max(5, '评分须为1到5的整数'),
  comment: optText('回访评价', 500),
});
export const reasonBody = z.object({ id: idOf('工单'), reason: text('原因', 255) });
export const answerBody = z.object({ id: idOf('事件'), reason: text('答复内容', 1000) });
export const eventIdBody = z.object({ id: idOf('事件') });
