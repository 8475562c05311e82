import { z } from 'zod';

/** The replies of the work orders' steps and the event reports' calls, as the serializer checks them and /docs shows them. */
const id = z.number().int();
const time = z.string().describe("YYYY-MM-DD HH:mm:ss，'' 为尚无");
const yuan = z.string().describe('元，两位小数');

export const stepReply = z.object({ id, status: z.number().int().describe('新状态') });
export const completeReply = stepReply.extend({ bill_id: id.optional().describe('有偿工单：待缴账单') });
export const toOrderReply = z.object({ id, order_id: id });
export const numReply = z.object({ num: z.number().int() });
export const countReply = z.object({ count: z.number().int() });
export const workersReply = z.array(z.object({ value: id, label: z.string() }));

const timelineRow = z.object({
  id,
  action: z.string(),
  user_name: z.string(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  note: z.string(),
  created_at: z.string(),
});

export const detailReply = z.object({
  id,
  village_id: id,
  village_name: z.string(),
  house_id: id.nullable(),
  person_name: z.string(),
  tel: z.string(),
  address: z.string(),
  problem: z.string(),
  imgs: z.array(z.string()),
  category_id: id.nullable(),
  category_name: z.string(),
  urgency: z.number().int(),
  source: z.number().int(),
  status: z.number().int(),
  worker_id: id.nullable(),
  worker_name: z.string(),
  worker_tel: z.string(),
  content: z.string(),
  wctime: time,
  stime: time,
  etime: time,
  dispatched_at: time,
  accepted_at: time,
  started_at: time,
  completed_at: time,
  result: z.string(),
  result_imgs: z.array(z.string()),
  material_cost: yuan,
  labour_cost: yuan,
  paid_service_id: id.nullable(),
  service_name: z.string(),
  bill_id: id.nullable(),
  bill_status: z.number().int().nullable(),
  waive_reason: z.string(),
  rating: z.number().int().nullable(),
  comment: z.string(),
  cancel_reason: z.string(),
  event_id: id.nullable(),
  created_at: z.string(),
  timeline: z.array(timelineRow),
});
