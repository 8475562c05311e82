import { z } from 'zod';

/** The replies of the notices' and alerts' calls, as the serializer checks them and /docs shows them. */
const id = z.number().int();

export const unNotifiedReply = z.array(z.object({ id, title: z.string(), published_at: z.string() }));

export const alertReply = z.object({
  id,
  title: z.string(),
  type: z.number().int(),
  village_id: id,
  village_name: z.string(),
  original_content: z.string(),
  handled: z.number().int().describe('1 已处理，2 未处理'),
  create_time: z.string(),
});

export const abnormalReply = z.object({
  abnormal_list: z.array(alertReply.extend({ is_read: z.number().int().describe('1 已查看，2 未查看') })),
  abnormal_num: z.number().int().describe('未查看数'),
});

export const tenantOptionsReply = z.array(z.object({ label: z.string(), value: id }));
