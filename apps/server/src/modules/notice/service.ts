import { and, count, desc, eq, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { notFound } from '../../core/errors.ts';
import { formatTime } from '../../core/time.ts';
import { villages } from '../tenancy/index.ts';
import { AlertType, abnormalAlerts, abnormalReads, noticeReads, platformNotices } from './schema.ts';

/** What a property company may read: published, addressed to every company or to his. */
export const noticeAudienceWhere = (actor: Actor): SQL => {
  if (actor.kind === 'sys') return sql`true`;
  if (actor.kind !== 'web' || actor.tenantId === null) return sql`false`;
  return sql`(${platformNotices.published} = 1 and (${platformNotices.audience} = 1 or ${actor.tenantId}::int = any(${platformNotices.tenantIds})))`;
};

const unreadBy = (userId: number) =>
  notExists(
    sql`(select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${platformNotices.id} and ${noticeReads.userId} = ${userId})`,
  );

/** The caller's unread announcements, newest first. The platform writes them and has nothing to read. */
export const unNotified = async (db: Db, actor: Actor) => {
  if (actor.kind !== 'web') return [];
  const rows = await db
    .select({ id: platformNotices.id, title: platformNotices.title, publishedAt: platformNotices.publishedAt })
    .from(platformNotices)
    .where(and(noticeAudienceWhere(actor), unreadBy(actor.id)))
    .orderBy(desc(platformNotices.publishedAt), desc(platformNotices.id))
    .limit(50);
  return rows.map((r) => ({ id: r.id, title: r.title, published_at: formatTime(r.publishedAt) }));
};

/** Marks one announcement read; again changes nothing. One the caller may not read does not exist for him. */
export const upNotice = async (db: Db, actor: Actor, nid: number) => {
  const [n] = await db
    .select({ id: platformNotices.id })
    .from(platformNotices)
    .where(and(eq(platformNotices.id, nid), noticeAudienceWhere(actor)));
  if (!n || actor.kind !== 'web') throw notFound();
  await db.insert(noticeReads).values({ noticeId: nid, userId: actor.id }).onConflictDoNothing();
};

/** Read marks of one page of announcements for the caller (the list's is_read column). */
export const readNoticeIds = async (db: Db, userId: number, ids: number[]) => {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: noticeReads.noticeId })
    .from(noticeReads)
    .where(and(eq(noticeReads.userId, userId), sql`${noticeReads.noticeId} = any(${sql.param(ids)}::int[])`));
  return new Set(rows.map((r) => r.id));
};

/** The signed-in user, his rights and the villages of his data scope (null = every village of his company). */
export type Viewer = { actor: Actor; perms: ReadonlySet<string>; villageIds: readonly number[] | null };

/**
 * The rights that let a user hear of an alert, by its type (any one of them): an alert tells about its
 * subject (a failed payment's order number and amount), so it reaches only who may see that subject.
 * A type not listed here reaches only the company's super administrator.
 */
export const alertTypePerms: Record<number, readonly string[]> = {
  // a watched person or a stranger at a door: the guards on patrol, who manages the houses and who reads passages
  [AlertType.face]: ['PatrolTask:view', 'PatrolRecord:view', 'House:view', 'AccessRecord:view'],
  [AlertType.overdueOrder]: ['RepairManagement:view'],
  [AlertType.paymentFailed]: ['RenewalList:view', 'Unpaid:view', 'PaidOrder:view'],
  [AlertType.patrolMissed]: ['PatrolTask:view', 'PatrolRecord:view'],
  // a cared-for resident not seen at the doors: who keeps the prevention and care list, and who manages residents
  [AlertType.care]: ['Protection:view', 'GatePerson:view'],
  // what AI cameras report (a fall, a car blocking the road, garbage, an intruder, something thrown from height):
  // the guards on patrol and who reads passages
  ...Object.fromEntries(
    [AlertType.fall, AlertType.roadParking, AlertType.garbageExposure, AlertType.intrusion, AlertType.thrownObject].map(
      (t) => [t, ['PatrolTask:view', 'PatrolRecord:view', 'AccessRecord:view']],
    ),
  ),
};

/** The alert types the viewer's rights cover; null = every type (a super administrator, for unlisted types). */
export const alertTypesFor = ({ actor, perms }: Pick<Viewer, 'actor' | 'perms'>): readonly number[] | null =>
  actor.isSuper
    ? null
    : Object.entries(alertTypePerms)
        .filter(([, need]) => need.some((p) => perms.has(p)))
        .map(([type]) => Number(type));

/**
 * Alerts the caller may see: his company, villages in his data scope, types his rights cover, and
 * addressed to him when narrowed.
 */
export const alertScopeWhere = (viewer: Viewer): SQL => {
  const { actor, villageIds } = viewer;
  if (actor.kind !== 'web' || actor.tenantId === null) return sql`false`;
  if (villageIds && !villageIds.length) return sql`false`;
  const types = alertTypesFor(viewer);
  if (types && !types.length) return sql`false`;
  return and(
    eq(abnormalAlerts.tenantId, actor.tenantId),
    villageIds ? sql`${abnormalAlerts.villageId} = any(${sql.param([...villageIds])}::int[])` : undefined,
    types ? sql`${abnormalAlerts.type} = any(${sql.param([...types])}::int[])` : undefined,
    or(isNull(abnormalAlerts.userIds), sql`${actor.id}::int = any(${abnormalAlerts.userIds})`),
  )!;
};

type AlertRow = typeof abnormalAlerts.$inferSelect;

/** An alert as the list, the dialog and the event stream show it. */
export const alertView = (a: AlertRow, villageName = '') => ({
  id: a.id,
  title: a.title,
  type: a.type,
  village_id: a.villageId,
  village_name: villageName,
  original_content: a.originalContent,
  handled: a.handled,
  create_time: formatTime(a.createdAt),
});
export type AlertView = ReturnType<typeof alertView>;

const unseenBy = (userId: number) =>
  notExists(
    sql`(select 1 from ${abnormalReads} where ${abnormalReads.alertId} = ${abnormalAlerts.id}
      and ${abnormalReads.tenantId} = ${abnormalAlerts.tenantId} and ${abnormalReads.userId} = ${userId})`,
  );

/**
 * The caller's open alerts (`is_read` 1 once he opened one), and how many he has not opened yet: the
 * workbench lists them, the shell pops the ones that arrive while he is signed in. A face match (a watched
 * person on the estate) comes before the routine ones, then newest first — a morning's batch of overdue
 * work orders must not push a security alarm off the list.
 */
export const getAbnormal = async (db: Db, caller: Viewer) => {
  const open = and(alertScopeWhere(caller), eq(abnormalAlerts.handled, 2));
  const seen = sql<boolean>`exists (select 1 from ${abnormalReads} where ${abnormalReads.alertId} = ${abnormalAlerts.id}
    and ${abnormalReads.tenantId} = ${abnormalAlerts.tenantId} and ${abnormalReads.userId} = ${caller.actor.id})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: abnormalAlerts, villageName: villages.name, seen })
      .from(abnormalAlerts)
      .leftJoin(villages, eq(villages.id, abnormalAlerts.villageId))
      .where(open)
      .orderBy(
        desc(sql`${abnormalAlerts.type} = ${AlertType.face}`),
        desc(abnormalAlerts.createdAt),
        desc(abnormalAlerts.id),
      )
      .limit(20),
    db
      .select({ n: count() })
      .from(abnormalAlerts)
      .where(and(open, unseenBy(caller.actor.id))),
  ]);
  return {
    abnormal_list: rows.map((r) => ({ ...alertView(r.a, r.villageName ?? ''), is_read: r.seen ? 1 : 2 })),
    abnormal_num: Number(total?.n ?? 0),
  };
};

/** One alert in the caller's scope; opening it marks it seen for him. */
export const getAbnormalDetail = async (db: Db, caller: Viewer, id: number) => {
  const [row] = await db
    .select({ a: abnormalAlerts, villageName: villages.name })
    .from(abnormalAlerts)
    .leftJoin(villages, eq(villages.id, abnormalAlerts.villageId))
    .where(and(eq(abnormalAlerts.id, id), alertScopeWhere(caller)));
  if (!row) throw notFound();
  await db
    .insert(abnormalReads)
    .values({ tenantId: row.a.tenantId, alertId: id, userId: caller.actor.id })
    .onConflictDoNothing();
  return alertView(row.a, row.villageName ?? '');
};
