import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import type { RegionNode } from './service.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await setupApp();
  token = await t.login('property');
});
afterAll(() => t.close());

const children = async (parentId?: string) =>
  (await t.post<RegionNode[]>('/Common/Dict/RegionDict/index', parentId === undefined ? {} : { parentId }, token)).body
    .data;

describe('region dictionary', () => {
  it('lazy-loads province → city → district → street', async () => {
    const provinces = await children();
    expect(provinces).toHaveLength(31);
    expect(provinces).toContainEqual({ label: '浙江省', value: '330000', isLeaf: false });
    const cities = await children('330000');
    expect(cities).toContainEqual({ label: '杭州市', value: '330100', isLeaf: false });
    const districts = await children('330100');
    expect(districts).toContainEqual({ label: '西湖区', value: '330106', isLeaf: false });
    const streets = await children('330106');
    expect(streets.length).toBeGreaterThan(5);
    expect(streets.every((s) => s.isLeaf && s.value.startsWith('330106'))).toBe(true);
  });

  it('names a code by its full path', async () => {
    const res = await t.post<Record<string, string>>(
      '/Common/Dict/RegionDict/names',
      { codes: ['330106', '999999'] },
      token,
    );
    expect(res.body.data).toEqual({ '330106': '浙江省 / 杭州市 / 西湖区', '999999': '' });
  });

  it('needs a login and a well-formed parent', async () => {
    expect((await t.post('/Common/Dict/RegionDict/index', {})).body.code).toBe(Code.tokenInvalid);
    expect((await t.post('/Common/Dict/RegionDict/index', { parentId: 'abc' }, token)).body.msg).toBe(
      'parentId 格式错误',
    );
  });
});
