import { idCardFacts, type CityCentre, type CitySearchHit } from '@5a/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { syncProduct } from '../../../seed/catalog.ts';
import { makeRole, makeUser } from '../../rbac/testing.ts';
import { ageGroupOf } from './ages.ts';
import { staffKind } from './staff.ts';

let t: TestApp;
let a: string;
let b: string;

const CITY = '/Web/DataAnalysis/City/index';
const SEARCH = '/Web/DataAnalysis/City/search';
const centre = (token: string, body: object = {}) => t.post<CityCentre>(CITY, body, token);
const search = (token: string, body: object) => t.post<CitySearchHit[]>(SEARCH, body, token);

beforeAll(async () => {
  t = await setupApp();
  a = await t.login('property');
  b = await t.login('propertyb');
});
afterAll(() => t.close());

const tenantOf = async (user: string) =>
  Number((await t.one<{ id: number }>(sql`select tenant_id id from users where user_name = ${user}`)).id);
const villagesOf = async (tenantId: number) =>
  (await t.rows<{ id: number }>(sql`select id from villages where tenant_id = ${tenantId} order by id`)).map((r) =>
    Number(r.id),
  );
const today = async () =>
  (await t.one<{ d: string }>(sql`select to_char((now() at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') d`)).d;

/** Every figure of the villages, counted straight from the tables (staff and ages classified here, in code). */
const direct = async (tenantId: number, ids: number[]) => {
  const v = sql.raw(`(${ids.join(',')})`);
  const w = (alias: string) =>
    sql.raw(`${alias}.tenant_id = ${tenantId} and ${alias}.village_id in (${ids.join(',')})`);
  const n = async (q: ReturnType<typeof sql>) => Number((await t.one<{ n: string }>(q)).n);
  const house = await n(sql`select count(*) n from houses where tenant_id = ${tenantId} and village_id in ${v}`);
  const usingHouse = await n(
    sql`select count(distinct h.id) n from houses h join gate_persons p on p.house_id = h.id where ${w('h')}`,
  );
  const staffRows = await t.rows<{ post: string | null; section: string; role: string | null }>(
    sql`select p.name post, w.section_name section, r.name role from workers w
      left join roles r on r.id = w.tenant_role_id left join users u on u.id = w.user_id
      left join posts p on p.id = u.post_id where ${w('w')} and w.status = 1`,
  );
  const kinds = staffRows.map((r) => staffKind(r.post ?? '', r.section, r.role ?? ''));
  const day = await today();
  const cards = await t.rows<{ idcard: string }>(sql`select idcard from gate_persons p where ${w('p')}`);
  const ages: Record<string, number> = { a0: 0, a7: 0, a18: 0, a41: 0, a66: 0, unknown: 0 };
  for (const c of cards) ages[ageGroupOf(idCardFacts(c.idcard)?.birth ?? null, day)]! += 1;
  const door = await t.one<{ on: string; off: string }>(
    sql`select count(*) filter (where last_heartbeat >= now() - interval '5 minutes') "on",
      count(*) filter (where last_heartbeat is null or last_heartbeat < now() - interval '5 minutes') off
      from access_devices d where ${w('d')} and status = 1`,
  );
  const lane = await t.one<{ on: string; off: string }>(
    sql`select count(*) filter (where status = 1) "on", count(*) filter (where status <> 1) off
      from parking_gates g where ${w('g')}`,
  );
  const cam = await t.one<{ on: string; off: string }>(
    sql`select count(*) filter (where state = 1) "on", count(*) filter (where state <> 1) off
      from video_cameras c where ${w('c')}`,
  );
  return {
    overview: {
      village: ids.length,
      building: await n(sql`select count(*) n from buildings b where ${w('b')}`),
      owner: await n(sql`select count(*) n from gate_persons p where ${w('p')} and personnel_type = 1`),
      resident: cards.length,
      tenant: await n(sql`select count(*) n from gate_persons p where ${w('p')} and personnel_type = 2`),
      visitor: await n(sql`select count(*) n from visitors x where ${w('x')}`),
      house,
      usingHouse,
      occupancyRate: house ? Math.round((usingHouse / house) * 10000) / 100 : 0,
    },
    staff: {
      steward: kinds.filter((k) => k === 'steward').length,
      security: kinds.filter((k) => k === 'security').length,
      logistics: kinds.filter((k) => k === 'logistics').length,
      other: kinds.filter((k) => k === 'other').length,
      total: kinds.length,
    },
    ages,
    devices: {
      parking: [Number(lane.on), Number(lane.off)],
      video: [Number(cam.on), Number(cam.off)],
      door: [Number(door.on), Number(door.off)],
    },
    events: {
      pending:
        (await n(sql`select count(*) n from repair_orders o where ${w('o')} and status = 0`)) +
        (await n(sql`select count(*) n from report_things e where ${w('e')} and status = 0`)),
      processing: await n(sql`select count(*) n from repair_orders o where ${w('o')} and status in (1, 2, 3, 4)`),
      overdue: await n(
        sql`select count(*) n from repair_orders o where ${w('o')} and status <= 3 and overdue_at is not null`,
      ),
      reminder: await n(sql`select count(*) n from abnormal_alerts a where ${w('a')} and handled <> 1`),
    },
  };
};

const expectDirect = async (d: CityCentre, tenantId: number, ids: number[]) => {
  const x = await direct(tenantId, ids);
  expect(d.overview).toEqual(x.overview);
  expect(d.staff).toEqual(x.staff);
  expect(Object.fromEntries(d.ages.map((g) => [g.key, g.num]))).toEqual(x.ages);
  expect(d.ages.map((g) => g.label)).toEqual(['0~6', '7~17', '18~40', '41~65', '65以上', '未知']);
  const dev = Object.fromEntries(d.devices.map((i) => [i.key, i]));
  for (const k of ['parking', 'video', 'door'] as const) {
    expect([dev[k]!.online, dev[k]!.offline]).toEqual(x.devices[k]);
    expect(dev[k]!.connected).toBe(true);
  }
  expect(d.events).toEqual(x.events);
  // the list: open orders and unhandled reports of these villages, newest first, 已派 once dispatched
  const names = (await t.rows<{ name: string }>(sql`select name from villages where id in ${sql.raw(`(${ids})`)}`)).map(
    (r) => r.name,
  );
  for (const e of d.eventList) {
    expect(names).toContain(e.village_name);
    expect(e.dispatched).toBe(e.kind === 'order' && e.status !== '待派单');
  }
  const times = d.eventList.map((e) => e.create_time);
  expect([...times].sort().reverse()).toEqual(times);
  return x;
};

describe('城市信息中心', () => {
  it('counts every figure of all the company’s villages and of each one as the tables do', async () => {
    for (const [token, user] of [
      [a, 'property'],
      [b, 'propertyb'],
    ] as const) {
      const tenantId = await tenantOf(user);
      const ids = await villagesOf(tenantId);
      const all = await centre(token);
      expect(all.body.code, all.body.msg).toBe(0);
      expect(all.body.data.vid).toBe(0);
      expect(all.body.data.villageOptions.map((v) => v.id)).toEqual(ids);
      const x = await expectDirect(all.body.data, tenantId, ids);
      // the demo fills the panels of both companies
      expect(x.overview.resident).toBeGreaterThan(0);
      expect(x.staff.steward).toBeGreaterThan(0);
      expect(x.staff.security).toBeGreaterThan(0);
      expect(x.staff.logistics).toBeGreaterThan(0);
      expect(all.body.data.eventList.length).toBeGreaterThan(0);
      for (const id of ids) {
        const one = await centre(token, { vid: id });
        expect(one.body.code, one.body.msg).toBe(0);
        expect(one.body.data.vid).toBe(id);
        await expectDirect(one.body.data, tenantId, [id]);
      }
      // the same village as text, as the address carries it
      expect((await centre(token, { vid: String(ids[0]) })).body.data.overview.village).toBe(1);
    }
  });

  it('shows the kinds no module brings as 未接入, and pm2.5 when the provider gives it', async () => {
    const d = (await centre(a)).body.data;
    const off = (list: CityCentre['devices']) => list.filter((i) => !i.connected).map((i) => i.title);
    expect(off(d.devices)).toEqual(['微卡口', '烟感', '消防栓']);
    expect(off(d.iotTypes)).toEqual(['梯控', '井盖']);
    for (const i of [...d.devices, ...d.iotTypes].filter((x) => !x.connected)) expect(i.online + i.offline).toBe(0);
    expect(d.iotTypes.map((i) => i.title)).toEqual(['门禁', '监控', '停车', '梯控', '井盖']);
    // the demo's sandbox weather gives one; a provider without air data leaves it '' (the page says 未接入)
    expect(d.weather.provider).toBe('sandbox');
    expect(d.weather.pm25).toMatch(/^\d+$/);
  });

  it('counts invalid and missing ID numbers as 未知 and a young child as 0~6', async () => {
    const tenantId = await tenantOf('property');
    const [vid] = await villagesOf(tenantId);
    const before = (await centre(a, { vid })).body.data.ages;
    const year = Number((await today()).slice(0, 4));
    const child = (() => {
      const body = `330106${year - 2}0101001`;
      const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
      return body + '10X98765432'[w.reduce((s, x, i) => s + x * Number(body[i]), 0) % 11]!;
    })();
    // wrong check digit, no such day, too short, none, a birth date next year
    const bad = ['330106198001010010', '330106202302300019', '33010619800101', '', `330106${year + 1}01010018`];
    for (const [i, card] of [child, ...bad].entries())
      await t.db
        .execute(sql`insert into gate_persons (tenant_id, village_id, building_id, house_id, name, idcard, personnel_type)
        select tenant_id, village_id, building_id, house_id, ${`年龄测试${i}`}, ${card}, 3
        from gate_persons where village_id = ${vid} and house_id is not null order by id limit 1`);
    const after = (await centre(a, { vid })).body.data;
    const num = (ages: CityCentre['ages'], k: string) => ages.find((g) => g.key === k)!.num;
    expect(num(after.ages, 'a0')).toBe(num(before, 'a0') + 1);
    expect(num(after.ages, 'unknown')).toBe(num(before, 'unknown') + bad.length);
    await expectDirect(after, tenantId, [vid!]);
    await t.db.execute(sql`delete from gate_persons where name like '年龄测试%'`);
  });

  it('keeps each company to its own villages, and a village-scoped user to his', async () => {
    const aIds = await villagesOf(await tenantOf('property'));
    const bIds = await villagesOf(await tenantOf('propertyb'));
    const bAll = (await centre(b)).body.data;
    expect(bAll.villageOptions.map((v) => v.id)).toEqual(bIds);
    expect(bAll.eventList.every((e) => !['阳光花园', '翠湖名苑'].includes(e.village_name))).toBe(true);
    // A's village asked by B: as if it did not exist
    for (const id of aIds) {
      const r = await centre(b, { vid: id });
      expect(r.body.code).not.toBe(0);
      expect(r.body.msg).toBe('小区 vid 不存在');
      expect((await search(b, { vid: id, type: 'building' })).body.msg).toBe('小区 vid 不存在');
    }
    // B's searches find none of A's rows
    const aOwner = await t.one<{ name: string }>(
      sql`select name from gate_persons where village_id = ${aIds[0]} and personnel_type = 1 order by id limit 1`,
    );
    expect((await search(a, { type: 'owner', name: aOwner.name })).body.data.length).toBeGreaterThan(0);
    expect((await search(b, { type: 'owner', name: aOwner.name })).body.data).toEqual([]);
    for (const type of ['building', 'house', 'owner', 'device'])
      for (const h of (await search(b, { type, name: '' })).body.data)
        expect(['阳光花园', '翠湖名苑']).not.toContain(h.village_name);

    const role = await makeRole(t, '城市中心一村', { pages: { City: ['view'] }, villages: [aIds[1]!] });
    const one = await makeUser(t, 'cityone', [role]);
    const mine = (await centre(one.token)).body;
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.villageOptions.map((v) => v.id)).toEqual([aIds[1]]);
    await expectDirect(mine.data, await tenantOf('property'), [aIds[1]!]);
    expect((await centre(one.token, { vid: aIds[0] })).body.msg).toBe('小区 vid 不存在');
    // without the page's right: refused
    const other = await makeRole(t, '无城市中心', { pages: { Building: ['view'] }, villages: null });
    const none = await makeUser(t, 'nocity', [other]);
    expect((await centre(none.token)).body.code).not.toBe(0);
  });

  it('searches buildings, houses, owners (phones masked) and devices of the villages shown', async () => {
    const tenantId = await tenantOf('property');
    const [vid] = await villagesOf(tenantId);
    const bld = await t.one<{ name: string }>(
      sql`select name from buildings where village_id = ${vid} order by id limit 1`,
    );
    const bs = (await search(a, { vid, type: 'building', name: bld.name })).body;
    expect(bs.code, bs.msg).toBe(0);
    expect(bs.data.map((h) => h.name)).toContain(bld.name);
    const house = await t.one<{ place: string }>(
      sql`select b.name || h.unit_name || h.name place from houses h join buildings b on b.id = h.building_id
        where h.village_id = ${vid} order by h.id limit 1`,
    );
    expect((await search(a, { vid, type: 'house', name: house.place })).body.data.map((h) => h.place)).toContain(
      house.place,
    );
    const owners = (await search(a, { vid, type: 'owner', name: '' })).body.data;
    expect(owners.length).toBeGreaterThan(0);
    for (const o of owners) expect(o.detail).toMatch(/^\d{3}\*+\d{4}$|^$/);
    const dev = await t.one<{ name: string }>(
      sql`select name from video_cameras where village_id = ${vid} order by id limit 1`,
    );
    const devices = (await search(a, { vid, type: 'device', name: dev.name })).body.data;
    expect(devices.some((h) => h.name === dev.name && h.detail.startsWith('摄像机'))).toBe(true);
    // a % in the text is a character, not a wildcard
    expect((await search(a, { type: 'owner', name: '%' })).body.data).toEqual([]);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    const cases: [string, object, RegExp][] = [
      [CITY, { vid: 'abc' }, /vid/],
      [CITY, { vid: -3 }, /vid/],
      [CITY, { vid: 1.5 }, /vid/],
      [CITY, { vid: 2147483647 }, /小区 vid 不存在/],
      [CITY, { vid: { id: 1 } }, /vid/],
      [SEARCH, { type: 'person' }, /搜索类型 type/],
      [SEARCH, {}, /搜索类型 type/],
      [SEARCH, { type: 'owner', name: 12 }, /关键字 name/],
      [SEARCH, { type: 'owner', name: 'x'.repeat(51) }, /关键字 name/],
      [SEARCH, { type: 'owner', vid: 'x' }, /vid/],
    ];
    for (const [path, body, msg] of cases) {
      const r = await t.post(path, body, a);
      expect(r.body.code, JSON.stringify(body)).not.toBe(0);
      expect(r.body.msg).toMatch(msg);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('reaches an installation that had no such menu on its next start', async () => {
    await t.db.execute(sql`delete from menus where app_type = 'web' and route_name = 'City'`);
    expect(await t.rows(sql`select id from menus where route_name = 'City'`)).toEqual([]);
    await syncProduct(t.db);
    const [m] = await t.rows<{ route_path: string; menu_name: string; parent: string }>(
      sql`select m.route_path, m.menu_name, p.menu_name parent from menus m join menus p on p.id = m.parent_id
        where m.app_type = 'web' and m.route_name = 'City' and m.visible = 1`,
    );
    expect(m).toEqual({ route_path: CITY, menu_name: '城市信息中心', parent: expect.any(String) as string });
    // the company's super administrator sees it at once
    const fresh = await t.login('property');
    expect((await centre(fresh)).body.code).toBe(0);
  });
});
