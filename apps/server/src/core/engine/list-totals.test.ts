import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListReply } from '@5a/contracts';
import { rowsOf, setupApp, type TestApp } from '../../test/harness.ts';
import { posts } from '../../modules/system/schema.ts';
import { COUNT_CAP, touchTable } from './list-totals.ts';

let t: TestApp;
let property: string;
let tenantId: number;
const BIG = COUNT_CAP + 500;

beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
  [{ tenant_id: tenantId }] = rowsOf<{ tenant_id: number }>(
    await t.db.execute(sql`select tenant_id from users where user_name = 'property'`),
  ) as [{ tenant_id: number }];
  await t.db.execute(sql`insert into posts (tenant_id, name, code, sort, status)
    select ${tenantId}, '分页岗位' || g, 'page-' || lpad(g::text, 5, '0'), g, 1 from generate_series(1, ${BIG}) g`);
  touchTable(posts);
});
afterAll(() => t.close());

const list = (body: object) => t.post<ListReply>('/System/Post/list', body, property);
const insertDirect = (n: number, prefix: string) =>
  t.db.execute(
    sql`insert into posts (tenant_id, name, code, sort, status) select ${tenantId}, ${prefix} || g, ${prefix} || g, 0, 1 from generate_series(1, ${n}) g`,
  );

describe('list totals', () => {
  it('counts small results exactly on every call', async () => {
    const first = await list({ code: 'page-0000', size: 5 });
    expect(first.body.data.total).toBe(9);
    await insertDirect(3, 'page-0000x');
    expect((await list({ code: 'page-0000', size: 5 })).body.data.total).toBe(12);
  });

  it('caches the exact total of a big list until the table is written', async () => {
    const base = (await list({ size: 10 })).body.data.total;
    expect(base).toBeGreaterThan(COUNT_CAP);
    // a write behind the engine's back is not seen while the cached total is fresh…
    await insertDirect(7, 'behind-');
    expect((await list({ size: 10 })).body.data.total).toBe(base);
    // …any write through the engine (or touchTable) drops it
    expect((await t.post('/System/Post/add', { row: { name: '新岗位', code: 'new-1' } }, property)).body.code).toBe(0);
    const after = (await list({ size: 10 })).body.data;
    expect(after.total).toBe(base + 8);
    expect(after.pageCount).toBe(Math.ceil((base + 8) / 10));
  });

  it('answers the total of a page past the last one, whose query brought no row to carry it', async () => {
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from posts where tenant_id = ${tenantId} and code ilike '%page-0001%'`,
      ),
    ) as [{ n: number }];
    const past = (await list({ code: 'page-0001', size: 10, current: 500 })).body.data;
    expect(past.records).toEqual([]);
    expect(past.total).toBe(n);
    expect(past.total).toBeGreaterThan(0);
  });
});

describe('deep pages', () => {
  const sqlPage = async (order: ReturnType<typeof sql>, size: number, page: number) =>
    rowsOf<{ code: string }>(
      await t.db.execute(
        sql`select code from posts where tenant_id = ${tenantId} and code ilike '%page-%' order by ${order} limit ${size} offset ${(page - 1) * size}`,
      ),
    ).map((r) => r.code);

  it('returns the rows of the same page of the ordered table, in order', async () => {
    const size = 20;
    for (const page of [1, 2, 90, Math.ceil(BIG / size)]) {
      const byDefault = (await list({ code: 'page-', size, current: page })).body.data.records.map((r) => r.code);
      expect(byDefault).toEqual(await sqlPage(sql`sort, id`, size, page));
    }
  });
});
