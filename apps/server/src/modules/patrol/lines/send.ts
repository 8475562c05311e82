import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { INT4_MAX } from '@5a/contracts';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { scopeWhere } from '../../../core/engine/scope.ts';
import { notFound } from '../../../core/errors.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { workers } from '../../estate/index.ts';
import { routeResource } from './resource.ts';
import { checkStaff, dropUnbegunTasks } from './staff.ts';
import { patrolRoutes, patrolTasks } from '../schema.ts';
import { generatePatrolTasks } from '../tasks/routes.ts';

const staffIdsOf = z
  .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()], { error: '巡更人员格式错误' })
  .transform((v, ctx) => {
    const raw = Array.isArray(v) ? v : String(v).split(',');
    const ids = raw.map((x) => String(x).trim()).filter((x) => x !== '');
    if (!ids.length) ctx.addIssue({ code: 'custom', message: '请选择巡更人员' });
    const nums = ids.map(Number);
    if (nums.some((n) => !Number.isInteger(n) || n <= 0 || n > INT4_MAX) || nums.length > 100) {
      ctx.addIssue({ code: 'custom', message: '巡更人员格式错误' });
      return [];
    }
    return [...new Set(nums)];
  });

export const routeIdBody = z.object({
  id: z.coerce.number({ error: '请选择巡更路线' }).int('路线 id 格式错误').positive('请选择巡更路线').max(INT4_MAX),
});
export const sendBody = routeIdBody.extend({
  staff_ids: staffIdsOf,
  handler: z.string({ error: '负责人格式错误' }).trim().max(50, '负责人不能超过50个字符').optional().default(''),
  type: z.coerce
    .number({ error: '请选择派发方式' })
    .refine((n) => n === 1 || n === 2, '请选择派发方式')
    .optional()
    .default(1),
});
export type SendInput = z.infer<typeof sendBody>;

/** the caller's route (tenant and village scope as the list applies them), or 数据不存在 */
const routeOf = async (db: Db, caller: Caller, id: number, forWrite: boolean) => {
  const [r] = await db
    .select({ id: patrolRoutes.id, tenantId: patrolRoutes.tenantId, villageId: patrolRoutes.villageId })
    .from(patrolRoutes)
    .where(and(eq(patrolRoutes.id, id), scopeWhere(routeResource, caller, forWrite)))
    .limit(1);
  if (!r) throw notFound();
  return r;
};

/** 巡更派发's guard choices: the enabled workers of the route's village. */
export const staffOptions = async (db: Db, caller: Caller, id: number) => {
  const r = await routeOf(db, caller, id, false);
  const rows = await db
    .select({ value: workers.id, label: workers.name, section: workers.sectionName })
    .from(workers)
    .where(and(eq(workers.tenantId, r.tenantId), eq(workers.villageId, r.villageId), eq(workers.status, 1)))
    .orderBy(asc(workers.id));
  return rows.map((w) => ({ value: w.value, label: w.section ? `${w.label}（${w.section}）` : w.label }));
};

/**
 * 巡更派发: the route's guards, handler and dispatch type. Tasks not yet begun that open later are dropped and made
 * again for the new guards (a task walked or begun stays as it was), then the coming week is generated.
 */
export const sendRoute = async (db: Db, caller: Caller, input: SendInput) => {
  const r = await routeOf(db, caller, input.id, true);
  await checkStaff(db, r.tenantId, r.villageId, input.staff_ids);
  await db.transaction(async (tx) => {
    await tx
      .update(patrolRoutes)
      .set({
        staffIds: input.staff_ids.join(','),
        handler: input.handler,
        dispatchType: input.type,
        dispatchedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(patrolRoutes.id, r.id));
    await dropUnbegunTasks(tx, r.id, r.tenantId);
  });
  touchTable(patrolTasks);
  return { tasks: await generatePatrolTasks(db, { routeIds: [r.id] }) };
};
