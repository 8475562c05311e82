import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Row, Tx } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { patrolPoints, patrolRoutePoints, patrolRoutes } from '../schema.ts';

/** the validated point_ids (an ordered id list) when the request sent them; null when it left them out */
export const pointIdsOf = (v: unknown): number[] | null => (Array.isArray(v) ? v.map(Number) : null);

/**
 * Every point of a route belongs to the route's village (and so to the caller's company); a point newly put on the
 * route must be enabled, while one already on it may stay after it was disabled (the route still saves).
 */
export const checkRoutePoints = async (
  db: Tx,
  tenantId: number,
  villageId: number,
  ids: readonly number[],
  existing: Row | null,
) => {
  if (!ids.length) return;
  const found = await db
    .select({ id: patrolPoints.id, state: patrolPoints.state })
    .from(patrolPoints)
    .where(
      and(
        inArray(patrolPoints.id, [...ids]),
        eq(patrolPoints.tenantId, tenantId),
        eq(patrolPoints.villageId, villageId),
      ),
    );
  if (found.length !== new Set(ids).size) throw invalid('巡更点位不属于该小区', 'point_ids');
  const disabled = found.filter((p) => p.state !== 1).map((p) => p.id);
  if (!disabled.length) return;
  const kept = existing
    ? (
        await db
          .select({ id: patrolRoutePoints.pointId })
          .from(patrolRoutePoints)
          .where(and(eq(patrolRoutePoints.routeId, Number(existing.id)), inArray(patrolRoutePoints.pointId, disabled)))
      ).map((r) => r.id)
    : [];
  if (disabled.some((id) => !kept.includes(id))) throw invalid('巡更点位已停用', 'point_ids');
};

/** The route's points replaced by the given order (seq from 1), in the save's transaction. */
export const saveRoutePoints = async (db: Tx, routeId: number, ids: readonly number[]) => {
  await db.delete(patrolRoutePoints).where(eq(patrolRoutePoints.routeId, routeId));
  if (!ids.length) return;
  await db.execute(sql`insert into ${patrolRoutePoints} (tenant_id, route_id, seq, point_id)
    select r.tenant_id, r.id, s.seq, s.id from ${patrolRoutes} r,
      unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as s(id, seq)
    where r.id = ${routeId}`);
};

/** the route's point ids in walking order */
export const routePointIds = async (db: Tx, routeId: number) =>
  (
    await db
      .select({ id: patrolRoutePoints.pointId })
      .from(patrolRoutePoints)
      .where(eq(patrolRoutePoints.routeId, routeId))
      .orderBy(patrolRoutePoints.seq)
  ).map((r) => r.id);
