import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * 事件上报: complaints, suggestions and incidents from residents or staff. type 1 投诉, 2 建议, 3 事件;
 * status 0 待处理, 1 已转工单, 2 已答复, 3 已关闭. The header bell counts the unread ones.
 */
export const reportThings = pgTable(
  'report_things',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    type: smallint('type').notNull().default(3),
    personName: varchar('person_name', { length: 64 }).notNull().default(''),
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    problem: text('problem').notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    imgs: text('imgs').notNull().default(''),
    status: smallint('status').notNull().default(0),
    isRead: boolean('is_read').notNull().default(false),
    answer: text('answer').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** the work order it was turned into */
    orderId: integer('order_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('report_things_tenant_idx').on(t.tenantId, t.isRead),
    index('report_things_list_idx').on(t.tenantId, t.status, t.id),
  ],
);

/** 报修类别 of a company, each with its service levels: minutes to respond (accept) and to complete. */
export const repairCategories = pgTable(
  'repair_categories',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** 0: a top category; else the category it belongs to (one level: 水电 → 水管漏水) */
    parentId: integer('parent_id').notNull().default(0),
    icon: varchar('icon', { length: 255 }).notNull().default(''),
    responseMinutes: integer('response_minutes').notNull().default(30),
    completeMinutes: integer('complete_minutes').notNull().default(1440),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), uniqueIndex('repair_categories_tenant_name_uq').on(t.tenantId, t.name)],
);

/** 有偿服务: priced service items of a village (price in fen per unit). status 1 启用, 2 停用. */
export const paidServices = pgTable(
  'paid_services',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    unit: varchar('unit', { length: 10 }).notNull().default('次'),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('paid_services_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('paid_services_village_name_uq').on(t.villageId, t.name, t.tenantId),
  ],
);

/**
 * 报修工单. status 0 待派单, 1 已派单, 2 已接单, 3 处理中, 4 待付款, 5 已完成, 6 已回访, 7 已关闭, 8 已取消
 * (transitions in workflow.ts). Money in fen; times with time zone.
 */
export const repairOrders = pgTable(
  'repair_orders',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    houseId: integer('house_id'),
    personName: varchar('person_name', { length: 64 }).notNull(),
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    problem: text('problem').notNull(),
    imgs: text('imgs').notNull().default(''),
    categoryId: integer('category_id'),
    urgency: smallint('urgency').notNull().default(1),
    source: smallint('source').notNull().default(1),
    status: smallint('status').notNull().default(0),
    workerId: integer('worker_id'),
    content: varchar('content', { length: 500 }).notNull().default(''),
    wctime: timestamp('wctime', { withTimezone: true }),
    stime: timestamp('stime', { withTimezone: true }),
    etime: timestamp('etime', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    result: text('result').notNull().default(''),
    resultImgs: text('result_imgs').notNull().default(''),
    materialCost: bigint('material_cost', { mode: 'number' }).notNull().default(0),
    labourCost: bigint('labour_cost', { mode: 'number' }).notNull().default(0),
    paidServiceId: integer('paid_service_id'),
    billId: integer('bill_id'),
    waiveReason: varchar('waive_reason', { length: 255 }).notNull().default(''),
    rating: smallint('rating'),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelReason: varchar('cancel_reason', { length: 255 }).notNull().default(''),
    eventId: integer('event_id'),
    /** the abnormal alert it was made from (一张图's 派单), once per alert */
    alertId: integer('alert_id'),
    /** when the overdue alert was raised (once per order) */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    // the list's order (id desc) within a status tab reads the index in order, as the estate lists do
    index('repair_orders_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('repair_orders_tenant_idx').on(t.tenantId, t.id),
    // the tabs of several states (处理中, 已完成, 已关闭) page newest first without sorting the whole tab
    index('repair_orders_working_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.status} in (1, 2, 3)`),
    index('repair_orders_done_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.status} in (5, 6)`),
    index('repair_orders_closed_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.status} in (7, 8)`),
    index('repair_orders_worker_idx').on(t.workerId, t.status, t.id),
    index('repair_orders_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} < 5`),
    uniqueIndex('repair_orders_event_uq')
      .on(t.eventId, t.tenantId)
      .where(sql`${t.eventId} is not null`),
    uniqueIndex('repair_orders_alert_uq')
      .on(t.alertId, t.tenantId)
      .where(sql`${t.alertId} is not null`),
  ],
);

/** The timeline of an order: every transition with who, when, before → after and a note. */
export const repairTimeline = pgTable(
  'repair_timeline',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 50 }).notNull().default(''),
    action: varchar('action', { length: 20 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    note: varchar('note', { length: 1000 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [companyKey(t), index('repair_timeline_order_idx').on(t.orderId, t.id)],
);
