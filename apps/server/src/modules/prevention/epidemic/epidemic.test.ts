import { Code } from '@5a/contracts';
import type { EpidemicContrast, EpidemicScreen, EpidemicSearch } from '@5a/contracts/endpoints/epidemic';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { periodKeys } from './contrast.ts';
import { seedEpidemicFixture, type EpidemicFixture } from './testing.ts';

let t: TestApp;
let a: string;
let b: string;
let before: { a: EpidemicScreen; b: EpidemicScreen };
let fx: EpidemicFixture;

const BASE = '/Web/Epidemic/Epidemic';
const screen = async (token: string, body: object = {}) => t.post<EpidemicScreen>(`${BASE}/index`, body, token);
const contrast = async (token: string, body: object = {}) => t.post<EpidemicContrast>(`${BASE}/contrast`, body, token);
const search = async (token: string, body: object) => t.post<EpidemicSearch>(`${BASE}/search`, body, token);

beforeAll(async () => {
  t = await setupApp();
  a = await t.login('property');
  b = await t.login('propertyb');
  before = { a: (await screen(a)).body.data, b: (await screen(b)).body.data };
  fx = await seedEpidemicFixture(t);
});
afterAll(() => t.close());

describe('疫情大数据', () => {
  it('counts a village’s controls, isolations, overview and today’s passages from its rows', async () => {
    const r = await screen(a, { vid: fx.v1 });
    expect(r.body.code).toBe(0);
    const d = r.body.data;
    expect(d.vid).toBe(fx.v1);
    expect(d.villages.map((v) => v.id)).toEqual(expect.arrayContaining([fx.v1, fx.v2]));
    // p5 is tagged without a control (p6 and p7 carry other tags: '2', '11'); p1, p2 isolated, p4 barred; p3 released
    expect(d.control).toEqual({ untreated: 1, controlled: 3, released: 1 });
    // isolated p1 and p2, red p1, p1 ends in two days (p2 in ten), released p3
    expect(d.isolation).toEqual({ gelitotal: 2, quezhengtotal: 1, jiangdaoqitotal: 1, jichutotal: 1 });
    expect(d.overview).toEqual({ buildings: 1, houses: 1, villages: 1, staff: 2 });
    // four passages today: the stranger's raised an alert, p1 is red, p5 and p6 are healthy matches
    expect(d.sensing).toEqual({ passers: 4, healthy: 2, abnormal: 1, normal: 3 });
    expect(d.villageList).toEqual([{ id: fx.v1, name: '防疫测试一村', lonlat: '120.2,30.2', geom: '', risk: 2 }]);
    expect(d.riskVillages).toEqual([{ id: fx.v1, name: '防疫测试一村', risk: 2, red: 1, yellow: 2 }]);
    expect(d.deviceList).toEqual([
      expect.objectContaining({
        id: fx.device,
        name: '防疫测试东门',
        village_id: fx.v1,
        village_name: '防疫测试一村',
        gateno: `EPI-${fx.v1}`,
        direction: 1,
        worker: '周维',
        workerphone: '13900001111',
        online: 1,
        lonlat: '120.21,30.21',
      }),
    ]);
    // the alert narrowed to another user stays his
    expect(d.alerts.total).toBe(1);
    expect(d.alerts.list).toEqual([
      expect.objectContaining({
        village_name: '防疫测试一村',
        name: '陌生人',
        location: '防疫测试东门',
        reason: '陌生人',
      }),
    ]);
    expect(d.alerts.list[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('charts isolations and passages by month (default) and by day, and per village', async () => {
    const year = (await contrast(a, { vid: fx.v1 })).body.data;
    expect(year.type).toBe('year');
    expect(year.categoryName).toEqual(periodKeys('year'));
    expect(year.categoryName).toHaveLength(12);
    // new isolations: p1, p3, p2 (its later row only moved the end) and p4 40 days ago; red p1 and p4; released p3
    expect(year.total).toEqual({ geli: 4, quezheng: 2, jichu: 1, zhengchang: 3, yichang: 2 });
    expect(year.list).toEqual({ categoryName: ['防疫测试一村'], geli: [4], quezheng: [2], jichu: [1] });
    expect(year.geli.reduce((x, y) => x + y, 0)).toBe(4);
    // today's passages fall in the last bucket
    expect(year.zhengchang.at(-1)! + year.yichang.at(-1)!).toBeGreaterThanOrEqual(4);

    const month = (await contrast(a, { vid: fx.v1, type: 'month' })).body.data;
    expect(month.categoryName).toHaveLength(30);
    expect(month.categoryName.at(-1)).toBe(periodKeys('month').at(-1));
    expect(month.total).toEqual({ geli: 3, quezheng: 1, jichu: 1, zhengchang: 3, yichang: 2 });
    expect(month.zhengchang.at(-1)).toBe(3);
    expect(month.yichang.at(-1)).toBe(1);
    // the screen carries the year's charts
    expect((await screen(a, { vid: fx.v1 })).body.data.contrast).toEqual(year);
  });

  it('adds both villages to the company’s figures and marks the yellow-only village 中风险', async () => {
    const d = (await screen(a)).body.data;
    expect(d.vid).toBe(0);
    const delta = <K extends 'control' | 'isolation' | 'overview' | 'sensing'>(k: K) =>
      Object.fromEntries(
        Object.entries(d[k]).map(([key, n]) => [key, (n as number) - (before.a[k] as Record<string, number>)[key]!]),
      );
    expect(delta('control')).toEqual({ untreated: 1, controlled: 4, released: 1 });
    expect(delta('isolation')).toEqual({ gelitotal: 3, quezhengtotal: 1, jiangdaoqitotal: 2, jichutotal: 1 });
    expect(delta('overview')).toEqual({ buildings: 2, houses: 2, villages: 2, staff: 2 });
    expect(delta('sensing')).toEqual({ passers: 4, healthy: 2, abnormal: 1, normal: 3 });
    expect(d.riskVillages.filter((v) => v.id === fx.v1 || v.id === fx.v2)).toEqual([
      { id: fx.v1, name: '防疫测试一村', risk: 2, red: 1, yellow: 2 },
      { id: fx.v2, name: '防疫测试二村', risk: 1, red: 0, yellow: 1 },
    ]);
    expect(d.villageList.find((v) => v.id === fx.v2)?.risk).toBe(1);
  });

  it('never shows company B company A’s villages or figures', async () => {
    const now = (await screen(b)).body.data;
    expect(now.control).toEqual(before.b.control);
    expect(now.isolation).toEqual(before.b.isolation);
    expect(now.sensing).toEqual(before.b.sensing);
    expect(now.villageList.map((v) => v.id)).not.toContain(fx.v1);
    expect(now.deviceList.map((x) => x.id)).not.toContain(fx.device);
    for (const call of [
      screen(b, { vid: fx.v1 }),
      contrast(b, { vid: fx.v1 }),
      search(b, { name: '防疫', vid: fx.v1 }),
    ]) {
      const r = await call;
      expect(r.body.code).toBe(Code.notFound);
      expect(r.body.msg).toBe('小区不存在');
    }
    expect((await search(b, { name: '防疫测试' })).body.data).toEqual({
      villagelist: [],
      devicelist: [],
      personlist: [],
    });
  });

  it('finds villages, doors and prevention-tagged residents by name', async () => {
    const r = (await search(a, { name: '防疫测试' })).body.data;
    expect(r.villagelist.map((v) => v.id)).toEqual([fx.v1, fx.v2]);
    expect(r.devicelist).toEqual([
      { id: fx.device, name: '防疫测试东门', village_id: fx.v1, village_name: '防疫测试一村', detail: `EPI-${fx.v1}` },
    ]);
    // p6 ('2') and p7 ('11') carry no prevention tag
    expect(r.personlist.map((p) => p.id).sort((x, y) => x - y)).toEqual(
      [fx.persons.p1, fx.persons.p2, fx.persons.p3, fx.persons.p4, fx.persons.p5, fx.persons.p8].sort((x, y) => x - y),
    );
    expect(r.personlist.find((p) => p.id === fx.persons.p1)).toMatchObject({ detail: '1栋 1单元101' });
    expect((await search(a, { name: `EPI-${fx.v1}` })).body.data.devicelist).toHaveLength(1);
    expect((await search(a, { name: '防疫测试', vid: fx.v2 })).body.data.villagelist.map((v) => v.id)).toEqual([fx.v2]);
    // a LIKE wildcard is a plain character
    expect((await search(a, { name: '%' })).body.data.villagelist).toEqual([]);
  });

  it('refuses bad input with a message naming the field', async () => {
    const cases: [Promise<{ body: { code: number; msg: string } }>, string][] = [
      [screen(a, { vid: 'abc' }), 'vid'],
      [screen(a, { vid: -3 }), 'vid'],
      [contrast(a, { type: 'week' }), 'type'],
      [search(a, { name: '' }), '请输入要搜索的名称'],
      [search(a, { name: 'x'.repeat(51) }), '名称不能超过50个字符'],
      [search(a, {}), 'name'],
    ];
    for (const [call, text] of cases) {
      const r = await call;
      expect(r.body.code).toBe(Code.validation);
      expect(r.body.msg).toContain(text);
    }
    // a village that does not exist
    expect((await screen(a, { vid: 2147483000 })).body.code).toBe(Code.notFound);
  });

  it('is the 疫情大数据 page’s right: a user without it is refused', async () => {
    const staff = await t.login('staff');
    expect((await screen(staff)).body.code).toBe(Code.forbidden);
    expect((await contrast(staff)).body.code).toBe(Code.forbidden);
    expect((await search(staff, { name: '防疫' })).body.code).toBe(Code.forbidden);
    const n = await t.one<{ n: number }>(
      sql`select count(*)::int as n from prevention_controls where village_id in (${fx.v1}, ${fx.v2})`,
    );
    expect(n.n).toBe(5);
  });
});
