import { z } from 'zod';

/** Paged list reply of every list call (SPEC §3 Generic list page). */
export type Page<T> = { records: T[]; total: number; current: number; size: number; pageCount: number };

export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1, 'current 必须大于0').default(1),
  size: z.coerce.number().int().min(1, 'size 必须大于0').max(500, 'size 不能超过500').default(10),
});

export const idSchema = z.object({ id: z.coerce.number({ error: 'id 不能为空' }).int('id 格式错误').positive('id 格式错误') });
