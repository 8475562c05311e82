import { z } from 'zod';
import { idListOf, idOf, INT4_MAX } from '@5a/contracts';

/** a yuan amount as the forms send it (text or number); the service converts it to fen and says what is wrong */
export const yuanInput = (label: string) =>
  z.union([z.number(), z.string().max(20, `${label}格式错误`), z.null()], { error: `${label}格式错误` });
/** a pay page's signed token */
const token = (label: string) => z.union([z.string().max(512, `${label}无效`), z.number()], { error: `${label}无效` });

export const orderIdBody = z.object({ orderId: idOf('orderId').describe('收款订单 id') });
export const displayBody = z.object({ ids: idListOf('ids').describe('账单 ids') });
export const rechargeBody = z.object({
  id: z.coerce
    .number({ error: '请选择房屋' })
    .int('请选择房屋')
    .positive('请选择房屋')
    .max(INT4_MAX, '请选择房屋')
    .describe('房屋 id'),
  bj: yuanInput('充值金额').optional().describe('充值本金（元）'),
  yh: yuanInput('到账金额').optional().describe('页面算出的到账金额（元），须与服务端一致'),
});
export const reminderBody = z.object({
  msg_reminder: yuanInput('短信提醒余额').optional().describe('短信提醒余额（元）；与 list_reminder 都省略时为读取'),
  list_reminder: yuanInput('列表提醒余额').optional().describe('列表提醒余额（元）'),
});
const dateText = (label: string) =>
  z.union([z.string().max(30, `${label}格式错误`), z.null()], { error: `${label}格式错误` });
export const revenueBody = z.object({
  start_time: dateText('开始日期').optional().describe('YYYY-MM-DD（?isSearch=1）'),
  end_time: dateText('结束日期').optional().describe('YYYY-MM-DD（?isSearch=1）'),
  arrearsStart: dateText('欠费开始月份').optional().describe('YYYY-MM'),
  arrearsEnd: dateText('欠费结束月份').optional().describe('YYYY-MM'),
});
export const financialBody = z.object({
  id: z
    .union([z.number(), z.string().max(30), z.null()], { error: 'id 格式错误' })
    .optional()
    .describe('选择器的值（可选）：小区 id，或车辆 car:<id> / 车位 space:<id>（carSquireList 中的 id）'),
  start_time: dateText('开始日期').optional().describe('YYYY-MM-DD'),
  end_time: dateText('结束日期').optional().describe('YYYY-MM-DD'),
  tabkey: z.string().max(20).optional().describe('item | village | month（也可放在查询串）'),
});
export const payConfigBody = z.object({
  id: token('支付链接').optional().describe('支付链接令牌'),
  paidid: token('支付链接').optional().describe('查询结果时的支付链接令牌'),
});
export const billInfoBody = z.object({ billInfo: token('支付链接').optional().describe('支付链接令牌') });
export const webPayBody = z.object({
  code: z.string().max(512).optional().describe('微信授权 code'),
  payInfoId: token('支付链接').optional().describe('支付链接令牌'),
});
/** a read that takes no parameters */
export const noBody = z.object({}).describe('无参数').optional();
