import { touchTable } from '../../core/engine/list-totals.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client.ts';
import type { Caller } from '../../core/engine/scope.ts';
import type { Tx } from '../../core/engine/types.ts';
import { fail, forbidden, invalid, notFound } from '../../core/errors.ts';
import { villages } from '../tenancy/index.ts';
import { buildings, houses, sensitiveViews } from './schema.ts';
import { unitNamesOf } from './format.ts';
import { intArray } from '../../core/db/sql.ts';

type Q = Db | Tx;

/** What every estate query filters by: the tenant, and the role's villages (null = all). */
export type Scope = {
  tenantId: number;
  userId: number;
  villageIds: readonly number[] | null;
  perms: ReadonlySet<string>;
};

export const scopeOfCaller = (caller: Caller): Scope => {
  const { actor } = caller;
  if (actor.kind !== 'web' || actor.tenantId === null) throw forbidden();
  return { tenantId: actor.tenantId, userId: actor.id, villageIds: caller.villageIds, perms: caller.perms };
};

/** The data-scope condition on a village column; undefined when the role sees every village. */
export const villageIn = (col: PgColumn, s: Scope): SQL | undefined =>
  s.villageIds === null ? undefined : s.villageIds.length ? inArray(col, [...s.villageIds]) : sql`false`;

export const findBuilding = async (q: Q, s: Scope, id: number) => {
  const [row] = await q
    .select({
      id: buildings.id,
      villageId: buildings.villageId,
      name: buildings.name,
      units: buildings.units,
      unitNames: buildings.unitNames,
      floors: buildings.floors,
      roomsPerFloor: buildings.roomsPerFloor,
    })
    .from(buildings)
    .where(and(eq(buildings.id, id), eq(buildings.tenantId, s.tenantId), villageIn(buildings.villageId, s)))
    .limit(1);
  return row ?? null;
};

export type HouseRef = {
  id: number;
  villageId: number;
  buildingId: number;
  unitName: string;
  name: string;
  buildingName: string;
  villageName: string;
};
const houseRef = {
  id: houses.id,
  villageId: houses.villageId,
  buildingId: houses.buildingId,
  unitName: houses.unitName,
  name: houses.name,
  buildingName: buildings.name,
  villageName: villages.name,
};

export const findHouse = async (q: Q, s: Scope, id: number): Promise<HouseRef | null> => {
  const [row] = await q
    .select(houseRef)
    .from(houses)
    .innerJoin(buildings, eq(buildings.id, houses.buildingId))
    .innerJoin(villages, eq(villages.id, houses.villageId))
    .where(and(eq(houses.id, id), eq(houses.tenantId, s.tenantId), villageIn(houses.villageId, s)))
    .limit(1);
  return row ?? null;
};

/**
 * Houses of one building by name, cached per transaction: an import of n residents asks once per
 * distinct building, not once per row (until the engine has a set-based `resolve` hook).
 */
const byBuilding = new WeakMap<object, Map<string, HouseRef[]>>();
export const resolveHouse = async (
  q: Q,
  s: Scope,
  villageId: number | undefined,
  building: string,
  unit: string,
  room: string,
): Promise<HouseRef> => {
  let cache = byBuilding.get(q);
  if (!cache) byBuilding.set(q, (cache = new Map()));
  const key = `${villageId ?? ''}|${building}`;
  let list = cache.get(key);
  if (!list) {
    list = await q
      .select(houseRef)
      .from(houses)
      .innerJoin(buildings, eq(buildings.id, houses.buildingId))
      .innerJoin(villages, eq(villages.id, houses.villageId))
      .where(
        and(
          eq(houses.tenantId, s.tenantId),
          eq(buildings.name, building),
          villageId ? eq(houses.villageId, villageId) : undefined,
          villageIn(houses.villageId, s),
        ),
      );
    cache.set(key, list);
  }
  // '1' and '1单元' name the same unit
  const hits = list.filter((h) => (h.unitName === unit || h.unitName === `${unit}单元`) && h.name === room);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw invalid(`房屋“${building}${unit}${room}”在多个小区都有，请填写小区`, 'house_id');
  throw invalid(`房屋不存在：${building} ${unit} ${room}`, 'house_id');
};

export type HouseKey = { villageId?: number; building: string; unit: string; room: string };

/**
 * Houses for many building/unit/room texts in one query (resident import): each key gets its
 * house, or a message saying why not.
 */
export const resolveHouses = async (q: Q, s: Scope, keys: HouseKey[]): Promise<(HouseRef | string)[]> => {
  const names = [...new Set(keys.map((k) => k.building))];
  if (!names.length) return [];
  const list = await q
    .select(houseRef)
    .from(houses)
    .innerJoin(buildings, eq(buildings.id, houses.buildingId))
    .innerJoin(villages, eq(villages.id, houses.villageId))
    .where(and(eq(houses.tenantId, s.tenantId), inArray(buildings.name, names), villageIn(houses.villageId, s)));
  const index = new Map<string, HouseRef[]>();
  for (const h of list) {
    for (const unit of new Set([h.unitName, h.unitName.replace(/单元$/, '')])) {
      const k = `${h.buildingName}|${unit}|${h.name}`;
      index.set(k, [...(index.get(k) ?? []), h]);
    }
  }
  return keys.map((k) => {
    const hits = (index.get(`${k.building}|${k.unit}|${k.room}`) ?? []).filter(
      (h) => !k.villageId || h.villageId === k.villageId,
    );
    if (hits.length === 1) return hits[0]!;
    return hits.length > 1
      ? `房屋“${k.building}${k.unit}${k.room}”在多个小区都有，请填写小区`
      : `房屋不存在：${k.building} ${k.unit} ${k.room}`;
  });
};

/** at most this many houses per generation: a typo of 2000 floors should not write a million rows */
export const MAX_GENERATE = 20_000;

export type GenerateResult = { total: number; inserted: number; skipped: number };

/**
 * Generates units × floors × rooms-per-floor houses for buildings in ONE statement (insert … select
 * from generate_series). Room names are floor + two-digit room ('1201'). Existing houses (same
 * building, unit and room) are skipped, not duplicated, and counted.
 */
export const generateHouses = async (
  q: Q,
  tenantId: number,
  buildingIds: readonly number[],
): Promise<GenerateResult> => {
  if (!buildingIds.length) return { total: 0, inserted: 0, skipped: 0 };
  const res = await q.execute(sql`
    with b as (
      select id, tenant_id, village_id, floors, rooms_per_floor,
             case when btrim(unit_names) = '' then array(select g || '单元' from generate_series(1, units) g)
                  else string_to_array(unit_names, ',') end as unit_list
      from ${buildings} where tenant_id = ${tenantId} and id = any(${intArray(buildingIds)})
    ), ins as (
      insert into ${houses} (tenant_id, village_id, building_id, unit_name, floor, name)
      select b.tenant_id, b.village_id, b.id, u.unit_name, f.floor, f.floor::text || lpad(r.room::text, 2, '0')
      from b
      cross join lateral unnest(b.unit_list) as u(unit_name)
      cross join lateral generate_series(1, b.floors) as f(floor)
      cross join lateral generate_series(1, b.rooms_per_floor) as r(room)
      on conflict (building_id, unit_name, name, tenant_id) do nothing
      returning 1
    )
    select (select count(*) from ins)::int as inserted,
           (select coalesce(sum(cardinality(unit_list) * floors * rooms_per_floor), 0) from b)::int as total`);
  const row = (res as unknown as { rows: { inserted: number; total: number }[] }).rows[0]!;
  touchTable(houses);
  const inserted = Number(row.inserted);
  const total = Number(row.total);
  return { total, inserted, skipped: total - inserted };
};

/** The custom action behind 生成房屋 on one building: scope, size cap, and a clear answer. */
export const generateForBuilding = async (q: Q, s: Scope, id: number) => {
  const b = await findBuilding(q, s, id);
  if (!b) throw notFound('楼栋');
  const units = unitNamesOf(b.units, b.unitNames).names.length;
  const planned = units * b.floors * b.roomsPerFloor;
  if (planned > MAX_GENERATE) throw fail(`一次最多生成${MAX_GENERATE}套房屋，当前为${planned}套`);
  const r = await generateHouses(q, s.tenantId, [b.id]);
  // every room already exists: nothing to do is an answer the user must see, not a silent success
  if (r.total > 0 && r.inserted === 0) throw fail(`该楼栋的${r.total}套房屋已全部存在，无需重复生成`);
  return { ...r, msg: `生成完成：新增${r.inserted}套${r.skipped ? `，已存在跳过${r.skipped}套` : ''}` };
};

export type ViewLog = { tenantId: number; userId: number; personId: number; fields: string; at: string };
type ViewQueue = { items: ViewLog[]; timer?: NodeJS.Timeout; flushing: Promise<void> };
const viewQueues = new Map<Q, ViewQueue>();
const VIEW_FLUSH_MS = 200;
const VIEW_FLUSH_ROWS = 2000;

/**
 * One row per (company, user, resident, fields) of a flush window, at its first view: a list refreshed again
 * and again within VIEW_FLUSH_MS shows the same people to the same user, and writing each repeat cost the
 * resident list a third of its rate under load (every row an insert into two indexes) while telling no more
 * about who saw whom.
 */
export const coalesceViews = (items: readonly ViewLog[]): ViewLog[] => {
  const seen = new Map<string, ViewLog>();
  for (const v of items) {
    const key = `${v.tenantId}:${v.userId}:${v.personId}:${v.fields}`;
    if (!seen.has(key)) seen.set(key, v);
  }
  return [...seen.values()];
};

/** Writes the queued view-log rows of one database in one statement. */
export const flushSensitiveViews = async (q: Q) => {
  const queue = viewQueues.get(q);
  if (!queue) return;
  clearTimeout(queue.timer);
  queue.timer = undefined;
  const items = coalesceViews(queue.items.splice(0));
  queue.flushing = queue.flushing.then(async () => {
    if (!items.length) return;
    await q.execute(sql`insert into ${sensitiveViews} (tenant_id, user_id, person_id, fields, created_at)
      select "tenantId", "userId", "personId", fields, at from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
        as x("tenantId" int, "userId" int, "personId" int, fields text, at timestamptz)`);
  });
  await queue.flushing;
};

/**
 * A row per resident shown unmasked (who, whom, what, when — the time of the view). Page views queue
 * their rows and one insert writes them within VIEW_FLUSH_MS, so a list request waits for no log
 * write (the same user seeing the same resident again within that window is one row: coalesceViews);
 * the queue is flushed on shutdown.
 */
export const logSensitiveViews = (q: Q, s: Scope, personIds: readonly number[], fields: string) => {
  if (!personIds.length) return;
  let queue = viewQueues.get(q);
  if (!queue) viewQueues.set(q, (queue = { items: [], flushing: Promise.resolve() }));
  const at = new Date().toISOString();
  for (const personId of personIds) queue.items.push({ tenantId: s.tenantId, userId: s.userId, personId, fields, at });
  const flush = () => flushSensitiveViews(q).catch((e: unknown) => console.error('敏感信息查看记录写入失败', e));
  if (queue.items.length >= VIEW_FLUSH_ROWS) void flush();
  else queue.timer ??= setTimeout(() => void flush(), VIEW_FLUSH_MS).unref();
};
