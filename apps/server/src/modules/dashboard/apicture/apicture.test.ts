import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ApictureData, type ApictureSearchHit, type ApictureVillageInfo } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { daysFromToday, seedGuangzhouOperator } from '../../../test/operator-home.ts';

let t: TestApp;
let gz: Awaited<ReturnType<typeof seedGuangzhouOperator>>;
let demoOp: string;
beforeAll(async () => {
  t = await setupApp();
  gz = await seedGuangzhouOperator(t);
  demoOp = await t.login('operator');
});
afterAll(() => t.close());

const BASE = '/Web/DataAnalysis/PropertyData';
const map = async (token: string, vid?: number | string) => {
  const r = await t.post<ApictureData>(`${BASE}/apicture${vid === undefined ? '' : `?vid=${vid}`}`, {}, token);
  return r.body;
};
const search = async (token: string, name: string, type: string) =>
  (await t.post<ApictureSearchHit[]>(`${BASE}/searchVillageList`, { name, type }, token)).body;
const info = async (token: string, vid: number) =>
  (await t.post<ApictureVillageInfo>(`${BASE}/getVillageInfo`, { vid }, token)).body;
const count = async (q: ReturnType<typeof sql>) => Number((await t.one<{ n: string }>(q)).n);

describe('一张图', () => {
  it('shows an operator its own villages with their locations and the counts of their rows', async () => {
    const r = await map(gz.token);
    expect(r.code).toBe(0);
    expect(r.data.villageList.map((v) => [v.name, v.tenantName, v.lonlat])).toEqual([
      ['南粤花园', '南粤测试物业', '113.3,23.1'],
      ['珠江新苑', '珠江测试物业', '113.3,23.1'],
      ['白云雅居', '白云测试物业', '113.3,23.1'],
    ]);
    // one building, one house, three residents of whom two owners, three companies
    expect(r.data.counts).toEqual({ village: 3, building: 1, house: 1, owner: 2, person: 3, tenant: 3 });
    expect(r.data.village).toBeUndefined();
  });

  it('keeps the demo operator to its own companies’ villages, counts equal to the rows', async () => {
    const r = await map(demoOp);
    const names = r.data.villageList.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['阳光花园', '翠湖名苑', '安居小区', '锦绣家园']));
    expect(names).not.toContain('南粤花园');
    const mine = sql`(select v.id from villages v join tenants t on t.id = v.tenant_id
      join users u on u.operator_id = t.operator_id where u.user_name = 'operator')`;
    expect(r.data.counts).toEqual({
      village: await count(sql`select count(*) as n from villages where id in ${mine}`),
      building: await count(sql`select count(*) as n from buildings where village_id in ${mine}`),
      house: await count(sql`select count(*) as n from houses where village_id in ${mine}`),
      owner: await count(
        sql`select count(*) as n from gate_persons where village_id in ${mine} and personnel_type = 1`,
      ),
      person: await count(sql`select count(*) as n from gate_persons where village_id in ${mine}`),
      tenant: await count(sql`select count(distinct tenant_id) as n from villages where id in ${mine}`),
    });
    expect(r.data.counts.house).toBeGreaterThan(0);
  });

  it('shows the platform every village', async () => {
    const r = await map(await t.login('admin'));
    expect(r.data.counts.village).toBe(await count(sql`select count(*) as n from villages`));
    expect(r.data.villageList.map((v) => v.name)).toEqual(expect.arrayContaining(['南粤花园', '阳光花园']));
  });

  it('gives a village’s figures with ?vid= and through getVillageInfo', async () => {
    const r = await map(gz.token, gz.villages.v1);
    const v = r.data.village!;
    expect(v).toMatchObject({
      id: gz.villages.v1,
      name: '南粤花园',
      tenantName: '南粤测试物业',
      buildings: 1,
      houses: 1,
      livedHouses: 1,
      owners: 2,
      residents: 3,
      renters: 0,
      occupancyRate: 100,
      expireDate: daysFromToday(5),
      daysLeft: 5,
    });
    expect(v.regionName).toContain('广州');
    expect((await info(gz.token, gz.villages.v1)).data).toEqual(v);
    // the village's own end comes before its company's
    expect((await info(gz.token, gz.villages.v2)).data).toMatchObject({ expireDate: daysFromToday(10), daysLeft: 10 });
    // no houses: rate 0, not a division by zero
    expect((await info(gz.token, gz.villages.v3)).data).toMatchObject({ houses: 0, occupancyRate: 0, daysLeft: -3 });
  });

  it('treats a village of another operator as not existing', async () => {
    expect((await info(demoOp, gz.villages.v1)).code).toBe(Code.notFound);
    expect((await map(demoOp, gz.villages.v1)).code).toBe(Code.notFound);
    const demoVillage = await t.one<{ id: number }>(sql`select id from villages where name = '阳光花园'`);
    expect((await info(gz.token, demoVillage.id)).code).toBe(Code.notFound);
    expect((await info(demoOp, demoVillage.id)).data.name).toBe('阳光花园');
  });

  it('searches villages, buildings and residents of the caller’s villages only', async () => {
    const v = await search(gz.token, '南粤', 'village');
    expect(v.data.map((h) => [h.name, h.villageId])).toEqual([['南粤花园', gz.villages.v1]]);
    const b = await search(gz.token, '1栋', 'building');
    expect(b.data.map((h) => [h.name, h.villageName, h.detail])).toEqual([['1栋', '南粤花园', '南粤测试物业']]);
    const p = await search(gz.token, '南粤', 'person');
    // the order of Chinese names depends on the database's collation: compare as a set
    expect(p.data.map((h) => [h.name, h.villageName, h.building, h.house]).sort()).toEqual(
      [
        ['南粤丙', '南粤花园', '1栋', '1单元101'],
        ['南粤乙', '南粤花园', '1栋', '1单元101'],
        ['南粤甲', '南粤花园', '1栋', '1单元101'],
      ].sort(),
    );
    // another operator's residents and villages stay out of reach
    expect((await search(demoOp, '南粤', 'person')).data).toEqual([]);
    expect((await search(demoOp, '南粤', 'village')).data).toEqual([]);
    // a wildcard in the text is a character, not a pattern
    expect((await search(gz.token, '%', 'village')).data).toEqual([]);
    // the operator's test villages have no devices
    expect((await search(gz.token, '', 'device')).data).toEqual([]);
  });

  it('takes the tab numbers the spec’s client sends as the search type', async () => {
    const byNumber = await t.post<ApictureSearchHit[]>(`${BASE}/searchVillageList`, { name: '', type: 1 }, gz.token);
    expect(byNumber.body.code).toBe(0);
    expect(byNumber.body.data.map((h) => h.type)).toEqual(byNumber.body.data.map(() => 'village'));
    expect(byNumber.body.data.map((h) => h.name)).toContain('南粤花园');
    expect((await search(gz.token, '1栋', '2')).data.map((h) => h.type)).toEqual(['building']);
    expect((await search(gz.token, '南粤', '3')).data).toHaveLength(3);
    expect((await search(gz.token, '', '4')).data).toEqual([]);
    const bad = await t.post(`${BASE}/searchVillageList`, { name: '', type: 5 }, gz.token);
    expect(bad.body.code).toBe(Code.validation);
    expect(bad.body.msg).toContain('搜索类型错误');
  });

  it('refuses a bad search type naming it', async () => {
    const bad = await search(gz.token, 'x', 'car');
    expect(bad.code).toBe(Code.validation);
    expect(bad.msg).toContain('搜索类型错误');
    const badVid = await map(gz.token, 'abc');
    expect(badVid.code).toBe(Code.validation);
    expect(badVid.msg).toContain('vid');
  });
});
