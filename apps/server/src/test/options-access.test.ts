import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { type DemoApp, loginWithRole, openDemo } from '../modules/estate/testing.ts';

type Option = { label: string; value: number };
let { t, property, staff, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, staff, ids } = await openDemo()));
afterAll(() => t.close());

const options = (url: string, token: string) => t.post<Option[]>(url, {}, token);

describe('options lists need the right of a screen that uses them', () => {
  it('refuses residents and buildings to the repair and patrol staff, whose work order form picks only a village and a house', async () => {
    for (const url of ['/Web/Basic/GatePerson/options', '/Web/Basic/Building/options'])
      expect((await options(url, staff)).body, url).toMatchObject({ code: Code.forbidden, data: null });
    // 报修管理 chooses the village and the house of an order: within his role's two villages only
    const villages = (await options('/Web/Basic/Village/options', staff)).body.data.map((o) => o.label);
    expect(villages.sort()).toEqual(['翠湖名苑', '阳光花园'].sort());
    expect((await options('/Web/Basic/House/options', staff)).body.code).toBe(0);
  });

  it('answers the company super admin', async () => {
    const persons = (await options('/Web/Basic/GatePerson/options', property)).body;
    expect(persons.code).toBe(0);
    expect(persons.data.length).toBeGreaterThan(100);
    expect((await options('/Web/Basic/House/options', property)).body.code).toBe(0);
  });

  it('answers a screen whose form picks from the list, within the caller’s villages', async () => {
    const jadeonly = await t.login('jadeonly');
    // 住户 picks a house; 楼栋, 房屋 and 住户 choose a village
    expect((await options('/Web/Basic/Village/options', jadeonly)).body.data.map((o) => o.label)).toEqual(['翠湖名苑']);
    expect((await options('/Web/Basic/House/options', jadeonly)).body.code).toBe(0);
    // the user manager's form chooses roles, departments and posts, and nothing of the estate
    const useradmin = await t.login('useradmin');
    for (const url of ['/System/Role/options', '/System/Dept/options', '/System/Post/options'])
      expect((await options(url, useradmin)).body.code, url).toBe(0);
    expect((await options('/Web/Basic/Village/options', useradmin)).body.code).toBe(Code.forbidden);
    // the bill generation dialog chooses fee items
    const biller = await loginWithRole(t, 'biller', {
      pages: ['RenewalList'],
      buttons: ['RenewalList:generate'],
      villages: [ids.sunshine.id],
    });
    expect((await options('/Web/Renewal/FeeItem/options', biller.token)).body.code).toBe(0);
    const reader = await loginWithRole(t, 'reader', { pages: ['RenewalList'], villages: [ids.sunshine.id] });
    expect((await options('/Web/Renewal/FeeItem/options', reader.token)).body.code).toBe(Code.forbidden);
  });
});
