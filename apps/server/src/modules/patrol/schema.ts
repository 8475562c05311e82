import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';

/**
 * 巡更点位: a QR code on a wall. state 1 启用 / 0 停用; point_type from the `patrol_point_type` dictionary;
 * lonlat 'lon,lat' as the map picker writes it. The point number is unique within a company.
 */
export const patrolPoints = pgTable(
  'patrol_points',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    pointNo: varchar('point_no', { length: 32 }).notNull(),
    state: smallint('state').notNull().default(1),
    pointType: smallint('point_type').notNull().default(1),
    lonlat: varchar('lonlat', { length: 64 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('patrol_points_tenant_idx').on(t.tenantId, t.villageId, t.id),
    uniqueIndex('patrol_points_no_uq').on(t.tenantId, t.pointNo),
  ],
);

/**
 * 巡更路线: an ordered set of points of one village (patrol_route_points) walked at the times of
 * patrol_time — the picker's JSON `{"type":1|2|3,"week":[1..7],"month":[1..31],"times":[{"start":"08:00:00","end":"09:00:00"}]}`
 * (1 daily, 2 weekly, 3 monthly). 巡更派发 sets the guards (staff_ids: worker ids, comma list), the handler and
 * dispatch_type: 1 each guard walks it (a task per guard and window), 2 the guards share one task per window.
 */
export const patrolRoutes = pgTable(
  'patrol_routes',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    patrolTime: text('patrol_time').notNull().default(''),
    staffIds: text('staff_ids').notNull().default(''),
    handler: varchar('handler', { length: 50 }).notNull().default(''),
    dispatchType: smallint('dispatch_type').notNull().default(1),
    state: smallint('state').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), index('patrol_routes_tenant_idx').on(t.tenantId, t.villageId, t.id)],
);

/** The points of a route in walking order (seq from 1). */
export const patrolRoutePoints = pgTable(
  'patrol_route_points',
  {
    tenantId: integer('tenant_id').notNull(),
    routeId: integer('route_id').notNull(),
    seq: smallint('seq').notNull(),
    pointId: integer('point_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.seq, t.tenantId] }),
    companyRef('patrol_route_points_route_fk', { column: t.routeId, tenantId: t.tenantId }, patrolRoutes).onDelete(
      'cascade',
    ),
    companyRef('patrol_route_points_point_fk', { column: t.pointId, tenantId: t.tenantId }, patrolPoints),
    index('patrol_route_points_point_idx').on(t.pointId),
  ],
);

/**
 * 巡更任务: one walk of a route in one time window, generated from the route's patrol_time for each guard
 * (worker_id) or, when the guards share it, once (worker_id 0). (route, worker, window start) is unique, so
 * generating twice writes nothing new. status 0 待巡更, 1 巡更中, 2 已完成, 3 已漏巡 (the window closed first).
 */
export const patrolTasks = pgTable(
  'patrol_tasks',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    routeId: integer('route_id').notNull(),
    workerId: integer('worker_id').notNull().default(0),
    /** the guards of the route when the task was made (a shared task may be walked by any of them) */
    staffIds: text('staff_ids').notNull().default(''),
    taskDate: date('task_date', { mode: 'string' }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(0),
    pointsTotal: integer('points_total').notNull().default(0),
    pointsDone: integer('points_done').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** the missed-task alert was raised */
    missedAlerted: boolean('missed_alerted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('patrol_tasks_route_fk', { column: t.routeId, tenantId: t.tenantId }, patrolRoutes).onDelete('cascade'),
    uniqueIndex('patrol_tasks_window_uq').on(t.routeId, t.workerId, t.windowStart, t.tenantId),
    index('patrol_tasks_list_idx').on(t.tenantId, t.status, t.id),
    index('patrol_tasks_day_idx').on(t.tenantId, t.taskDate),
    index('patrol_tasks_open_idx')
      .on(t.windowEnd)
      .where(sql`status < 2`),
  ],
);

/**
 * 巡更记录: append-only check-ins. verdict 1 准时 (inside a window of one of the guard's tasks on that point),
 * 2 迟到 (after the window closed, same day), 3 错误点位 (the point is on none of his routes), 4 不在巡更时段.
 * A correction is a new row naming the one it corrects and why; rows are never updated or deleted.
 */
export const patrolCheckins = pgTable(
  'patrol_checkins',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    // → patrol_tasks (id, tenant_id), ON DELETE SET NULL (task_id): written in SQL, as vehicles.person_id
    taskId: integer('task_id'),
    pointId: integer('point_id').notNull(),
    workerId: integer('worker_id').notNull(),
    userId: integer('user_id').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    verdict: smallint('verdict').notNull(),
    photo: text('photo').notNull().default(''),
    note: varchar('note', { length: 255 }).notNull().default(''),
    correctsId: integer('corrects_id'),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('patrol_checkins_point_fk', { column: t.pointId, tenantId: t.tenantId }, patrolPoints),
    index('patrol_checkins_list_idx').on(t.tenantId, t.id),
    index('patrol_checkins_task_idx').on(t.taskId, t.pointId),
  ],
);
