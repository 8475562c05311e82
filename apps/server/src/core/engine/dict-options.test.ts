import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Option, ScreenConfig } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let property: string;
let propertyb: string;
let jadeonly: string;
beforeAll(async () => {
  t = await setupApp();
  [property, propertyb, jadeonly] = await Promise.all([t.login('property'), t.login('propertyb'), t.login('jadeonly')]);
});
afterAll(() => t.close());

const HOUSE = '/Web/Basic/House/listConfig';
const config = async (token: string, route = HOUSE) => {
  const res = await t.post<ScreenConfig>(route, {}, token);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};
const optionsOf = (c: ScreenConfig, prop: string) => c.fields.find((f) => f.prop === prop)?.options;
const dict = async (token: string) => (await t.post<Record<string, Option[]>>('/api/dict', {}, token)).body.data;

describe('a screen config carries its dictionary options', () => {
  it('every dictionary field has the rows /api/dict answers, in the same order', async () => {
    const [c, all] = await Promise.all([config(property), dict(property)]);
    const dictFields = c.fields.filter((f) => f.dict);
    expect(dictFields.map((f) => f.prop)).toEqual(['house_type', 'house_state', 'use_type']);
    for (const f of dictFields) {
      expect(all[f.dict!]?.length, f.dict).toBeGreaterThan(0);
      expect(f.options, f.prop).toEqual(all[f.dict!]);
    }
    // a field without a dictionary gets no options from it
    expect(optionsOf(c, 'building_id')).toBeUndefined();
  });

  it("a tenant's own enabled rows join the shared ones, for that tenant only", async () => {
    const add = (row: object) => t.call('PUT', '/api/dictData/create', { dict_type: 'house_type', ...row }, property);
    expect((await add({ dict_label: '车位房', dict_value: '91', dict_number: 99 })).body.code).toBe(0);
    const off = await add({ dict_label: '停用的类型', dict_value: '92', dict_number: 99, status: '2' });
    expect(off.body.code, off.body.msg).toBe(0);
    const mine = optionsOf(await config(property), 'house_type') ?? [];
    expect(mine).toContainEqual({ label: '车位房', value: '91' });
    expect(mine.map((o) => o.value)).not.toContain('92');
    expect(mine).toEqual((await dict(property)).house_type);
    const theirs = optionsOf(await config(propertyb), 'house_type') ?? [];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((o) => o.value)).not.toContain('91');
  });

  it('a user without the dictionary screen still gets the labels', async () => {
    expect(
      (await t.post('/api/dictData/index', { page_size: 9999, dict_type: 'house_type' }, jadeonly)).body.code,
    ).not.toBe(0);
    const c = await config(jadeonly);
    expect(optionsOf(c, 'house_state')).toEqual((await dict(jadeonly)).house_state);
    expect(optionsOf(c, 'house_state')?.length).toBeGreaterThan(0);
  });
});
