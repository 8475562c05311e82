/**
 * The devices the benchmarks drive, made as an installation has them: a car park's lanes (written straight into
 * the database, their secrets known), residents' cards, and face terminals added through 新增设备 (the server makes
 * each secret and answers it once).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/core/db/client.ts';
import { postJson } from './app.ts';
import type { Device, Lane, Person } from './device-events.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * A car park of the village with `lanes` lane pairs: camera `${prefix}-<g>-1` lets cars in, `${prefix}-<g>-2` out,
 * each with the secret `${prefix}-secret-<g>-<d>`.
 */
export const seedLanes = async (
  db: Db,
  v: { tenantId: number; villageId: number },
  opts: { lanes: number; prefix: string; lotName: string },
): Promise<{ lotId: number; lanes: Lane[] }> => {
  const { lanes, prefix, lotName } = opts;
  const [lot] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into parking_lots (tenant_id, village_id, name, code, free_minutes, hour_price, day_cap)
      values (${v.tenantId}, ${v.villageId}, ${lotName}, ${prefix}, 15, 500, 3000) returning id`),
  );
  await db.execute(sql`insert into parking_gates (tenant_id, village_id, lot_id, name, parkcode, direction, secret)
    select ${v.tenantId}::int, ${v.villageId}::int, ${lot!.id}::int, ${prefix} || '-' || g || '-' || d,
      ${prefix} || '-' || g || '-' || d, d, ${prefix} || '-secret-' || g || '-' || d
    from generate_series(0, ${lanes - 1}::int) g, generate_series(1, 2) d`);
  const camera = (g: number, d: 1 | 2): Device => ({
    code: `${prefix}-${g}-${d}`,
    secret: `${prefix}-secret-${g}-${d}`,
  });
  return {
    lotId: lot!.id,
    lanes: Array.from({ length: lanes }, (_, g) => ({ entry: camera(g, 1), exit: camera(g, 2) })),
  };
};

/** every resident of the village approved, with a card `${prefix}-<id>`: the doors' ordinary traffic */
export const seedResidentCards = async (db: Db, villageId: number, prefix: string): Promise<Person[]> => {
  await db.execute(
    sql`update gate_persons set status = 1, gate_card_id = ${prefix} || '-' || id where village_id = ${villageId}`,
  );
  return rowsOf<Person>(
    await db.execute(
      sql`select id, gate_card_id as card from gate_persons where village_id = ${villageId} order by id`,
    ),
  );
};

/** `count` face terminals of the village, `${prefix}-FACE-<n>`, added through 新增设备 as staff add them */
export const addFaceTerminals = async (
  base: string,
  auth: Record<string, string>,
  opts: { villageId: number; count: number; prefix: string; name: string },
): Promise<Device[]> => {
  const terminals: Device[] = [];
  for (let d = 0; d < opts.count; d++) {
    const made = await postJson<{ gateno: string; secret: string }>(
      `${base}/Web/Internet/AccessControlManagement/addDevice`,
      auth,
      {
        village_id: opts.villageId,
        name: `${opts.name}${d}`,
        gateno: `${opts.prefix}-FACE-${d}`,
        device_type: 2,
        direction: d % 2 ? 2 : 1,
        status: 1,
      },
    );
    terminals.push({ code: made.gateno, secret: made.secret });
  }
  return terminals;
};
