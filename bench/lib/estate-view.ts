/**
 * Building view of a 33-floor, 4-unit, 8-room building (1,056 houses, ~3 residents each): the
 * building is added and its houses generated through the API, the residents set-based; then 50
 * sequential calls of POST /Web/Basic/Building/cView, with the statements each call sends.
 */
import { performance } from 'node:perf_hooks';
import { residentsSql, SERIAL_IMPORT } from './data-residents.ts';
import { concurrentGroups } from './counted-pool.ts';
import { explainAll, type Ctx, type Plan } from './estate-list.ts';

export type ViewFigures = {
  houses: number;
  persons: number;
  generateMs: number;
  calls: number;
  clientMs: number[];
  serverMs: number[];
  statementsPerCall: number[];
  groups: number[];
  plans: Plan[];
};

export const SHAPE = { units: 4, floors: 33, rooms: 8 };
const PER_HOUSE = 3;

export const viewBench = async (
  ctx: Ctx,
  opts: { tenantId: number; calls: number; serverTimes: number[] },
): Promise<ViewFigures> => {
  const { base, auth, cp, log } = ctx;
  const post = async <T>(url: string, body: unknown) => {
    const res = (await (
      await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg: string; data: T };
    if (res.code !== 0) throw new Error(`${url}: ${res.msg}`);
    return res.data;
  };
  const village = (
    await cp.pool.query<{ id: number }>('select id from villages where tenant_id = $1 order by id desc limit 1', [
      opts.tenantId,
    ])
  ).rows[0]!.id;
  const { id } = await post<{ id: number }>('/Web/Basic/Building/add', {
    row: {
      village_id: village,
      name: '基准33层',
      units: SHAPE.units,
      floors: SHAPE.floors,
      rooms_per_floor: SHAPE.rooms,
    },
  });
  const g0 = performance.now();
  const gen = await post<{ inserted: number }>('/Web/Basic/Building/generateHouses', { data: { id } });
  const generateMs = performance.now() - g0;
  const houses = SHAPE.units * SHAPE.floors * SHAPE.rooms;
  if (gen.inserted !== houses) throw new Error(`generateHouses: ${gen.inserted} houses, expected ${houses}`);
  const c = await cp.pool.connect();
  try {
    await c.query('begin');
    await c.query('set local jit = off');
    await c.query(
      residentsSql({
        houseWhere: `h.building_id = ${id}`,
        houses,
        residents: houses * PER_HOUSE,
        serial0: SERIAL_IMPORT + 3_000_000,
      }),
    );
  } finally {
    await c.query('commit');
    c.release();
  }
  log(
    `  building ${id}: ${houses} houses generated in ${generateMs.toFixed(0)} ms, ${houses * PER_HOUSE} residents added`,
  );

  type View = { houseNum: number; personNum: number; houseArr: unknown[] };
  const call = () => post<View>('/Web/Basic/Building/cView', { bid: id });
  for (let i = 0; i < 5; i++) await call(); // warm-up
  const clientMs: number[] = [];
  const statementsPerCall: number[] = [];
  opts.serverTimes.length = 0;
  for (let i = 0; i < opts.calls; i++) {
    const c0 = cp.count;
    const t = performance.now();
    const v = await call();
    clientMs.push(performance.now() - t);
    statementsPerCall.push(cp.count - c0);
    if (v.houseNum !== houses || v.personNum !== houses * PER_HOUSE || v.houseArr.length !== SHAPE.units)
      throw new Error(`cView: ${v.houseNum} houses, ${v.personNum} persons`);
  }
  const serverMs = [...opts.serverTimes];
  const { statements } = await cp.capture(call);
  // the lookups of the token, the building and the dictionaries take well under a millisecond: the two that read houses and residents are shown
  const plans = await explainAll(
    cp,
    statements
      .filter((s) => /from "gate_persons"|from "houses"/.test(s.text))
      .map((s) => ({
        label: `building view, ${/union all/.test(s.text) ? 'counts by type' : 'houses with resident counts'}`,
        stmt: s,
      })),
  );
  return {
    houses,
    persons: houses * PER_HOUSE,
    generateMs,
    calls: opts.calls,
    clientMs,
    serverMs,
    statementsPerCall,
    groups: concurrentGroups(statements).map((g) => g.length),
    plans,
  };
};
