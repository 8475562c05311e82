import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';

/** Test fixtures written straight to the tables (the point and route screens are not needed to test tasks). */
export type PatrolFixture = {
  tenantId: number;
  villageId: number;
  /** worker ids of the staff user (张师傅) and of another guard of the same village */
  zhang: number;
  li: number;
  staffUserId: number;
};

const one = async <T>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;

/** Company A's first village, its 张师傅 (the staff user) and 李师傅 as the demo left them. */
export const patrolFixture = async (db: Db): Promise<PatrolFixture> => {
  const u = await one<{ id: number; tenant_id: number }>(
    db,
    sql`select id, tenant_id from users where user_name = 'staff'`,
  );
  const z = await one<{ id: number; village_id: number }>(
    db,
    sql`select id, village_id from workers where user_id = ${u.id} order by id limit 1`,
  );
  const l = await one<{ id: number }>(
    db,
    sql`select id from workers where tenant_id = ${u.tenant_id} and village_id = ${z.village_id} and user_id is null order by id limit 1`,
  );
  return { tenantId: u.tenant_id, villageId: z.village_id, zhang: z.id, li: l.id, staffUserId: u.id };
};

let serial = 0;
/** A point of the village; state 1 unless told. */
export const addPoint = async (db: Db, tenantId: number, villageId: number, name: string, state = 1) =>
  (
    await one<{ id: number }>(
      db,
      sql`insert into patrol_points (tenant_id, village_id, name, point_no, state)
          values (${tenantId}, ${villageId}, ${name}, ${`T${Date.now() % 1e6}-${++serial}`}, ${state}) returning id`,
    )
  ).id;

export type RouteInput = {
  name?: string;
  patrolTime: Record<string, unknown> | string;
  staffIds: string;
  dispatchType?: 1 | 2;
  state?: number;
  points: number[];
  dispatchedAt?: string;
};

/** A route with its ordered points. */
export const addRoute = async (db: Db, f: Pick<PatrolFixture, 'tenantId' | 'villageId'>, r: RouteInput) => {
  const pt = typeof r.patrolTime === 'string' ? r.patrolTime : JSON.stringify(r.patrolTime);
  const { id } = await one<{ id: number }>(
    db,
    sql`insert into patrol_routes (tenant_id, village_id, name, patrol_time, staff_ids, dispatch_type, state, dispatched_at)
        values (${f.tenantId}, ${f.villageId}, ${r.name ?? '测试路线'}, ${pt}, ${r.staffIds}, ${r.dispatchType ?? 1}, ${r.state ?? 1},
                ${r.dispatchedAt ?? null}::timestamptz) returning id`,
  );
  for (const [i, p] of r.points.entries())
    await db.execute(
      sql`insert into patrol_route_points (tenant_id, route_id, seq, point_id) values (${f.tenantId}, ${id}, ${i + 1}, ${p})`,
    );
  return id;
};

export const daily = (...times: [string, string][]) => ({
  type: 1,
  week: [],
  month: [],
  times: times.map(([start, end]) => ({ start, end })),
});
