import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { parkingGates } from '../schema.ts';
import { gateEvents } from '../schema-gate.ts';

/**
 * The platform's IoT counts over a set of villages (a subquery of ids): lanes switched on and off, and the cars let
 * in today (Asia/Shanghai), in one statement.
 */
export const laneCounts = async (db: Db, villageIds: SQL) => {
  const { rows } = (await db.execute(sql`select
      (select count(*) from ${parkingGates} g where g.status = 1 and g.village_id in ${villageIds})::int as on,
      (select count(*) from ${parkingGates} g where g.status <> 1 and g.village_id in ${villageIds})::int as off,
      (select count(*) from ${gateEvents} e where e.is_type = 1 and e.decision = 'open'
        and e.occurred_at >= (now() at time zone 'Asia/Shanghai')::date::timestamp at time zone 'Asia/Shanghai'
        and e.village_id in ${villageIds})::int as cars`)) as unknown as {
    rows: { on: number; off: number; cars: number }[];
  };
  const r = rows[0];
  return { parking: { on: r?.on ?? 0, off: r?.off ?? 0 }, carInToday: r?.cars ?? 0 };
};
