import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { intArray } from '../../core/db/sql.ts';
import { videoCameras } from './schema.ts';

/** whose cameras: a company, and the villages its user may see (null: all of them) */
export type VideoScope = { tenantId: number; villageIds: readonly number[] | null };
export type CameraFigures = { videoNum: number; inUse: number; byVillage: { village_id: number; num: number }[] };

/** 视频监控 for the dashboards: cameras in all, those in use (state 1), and per village, in one statement */
export const cameraFigures = async (db: Db, s: VideoScope): Promise<CameraFigures> => {
  const scoped = s.villageIds === null ? sql`true` : sql`c.village_id = any(${intArray(s.villageIds)})`;
  const { rows } = (await db.execute(sql`
    select c.village_id, count(*)::int as num, count(*) filter (where c.state = 1)::int as in_use
    from ${videoCameras} c where c.tenant_id = ${s.tenantId} and ${scoped}
    group by c.village_id order by c.village_id`)) as unknown as {
    rows: { village_id: number; num: number; in_use: number }[];
  };
  return {
    videoNum: rows.reduce((a, r) => a + Number(r.num), 0),
    inUse: rows.reduce((a, r) => a + Number(r.in_use), 0),
    byVillage: rows.map((r) => ({ village_id: Number(r.village_id), num: Number(r.num) })),
  };
};

/** the platform's IoT counts over a set of villages (a subquery of ids): cameras switched on and off */
export const cameraCounts = async (db: Db, villageIds: SQL) => {
  const { rows } = (await db.execute(sql`
    select count(*) filter (where c.state = 1)::int as on, count(*) filter (where c.state <> 1)::int as off
    from ${videoCameras} c where c.village_id in ${villageIds}`)) as unknown as { rows: { on: number; off: number }[] };
  return { video: { on: rows[0]?.on ?? 0, off: rows[0]?.off ?? 0 } };
};
