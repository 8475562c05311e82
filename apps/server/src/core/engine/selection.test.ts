import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ListReply } from '@5a/contracts';
import { type DemoApp, openDemo } from '../../modules/estate/testing.ts';

/** Selections as the original client sends them: an id, an array of ids, or a comma list. */
let { t, property, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, ids } = await openDemo()));
afterAll(() => t.close());

type Reply = { code: number; msg: string; data: { field?: string; count?: number } | null };
const post = async (url: string, body: unknown) => (await t.post<Reply['data']>(url, body, property)).body as Reply;

const addPosts = async (prefix: string, n: number) => {
  const out: number[] = [];
  for (let i = 1; i <= n; i++) {
    const r = await t.post<{ id: number }>(
      '/System/Post/add',
      { row: { name: `${prefix}${i}`, code: `${prefix}${i}` } },
      property,
    );
    expect(r.body.msg).toBe('保存成功!');
    out.push(r.body.data.id);
  }
  return out;
};
const postsLeft = async (list: number[]) =>
  (await t.rows<{ id: number }>(sql`select id from posts where id = any(${`{${list.join(',')}}`}::int[])`)).length;

describe('engine selections (batch delete, delete, list narrowing)', () => {
  it('batch delete takes an array, a single id or a comma list', async () => {
    const [a, b, c, d, e] = await addPosts('选择删', 5);
    expect(await post('/System/Post/batchDel', { ids: [a, b] })).toMatchObject({ code: 0, data: { count: 2 } });
    expect(await post('/System/Post/batchDel', { ids: c })).toMatchObject({ code: 0, data: { count: 1 } });
    expect(await post('/System/Post/batchDel', { ids: `${d}, ${e}` })).toMatchObject({ code: 0, data: { count: 2 } });
    expect(await postsLeft([a!, b!, c!, d!, e!])).toBe(0);
  });

  it('nothing chosen says 您还未选择数据; a malformed selection names the field', async () => {
    const [a] = await addPosts('选择错', 1);
    for (const ids of ['', [], ' ', undefined])
      expect(await post('/System/Post/batchDel', { ids }), JSON.stringify(ids)).toMatchObject({
        code: Code.validation,
        msg: '您还未选择数据',
      });
    for (const ids of [
      `${a},x`,
      `${a},,${a}`,
      '1;2',
      [a, 'b'],
      0,
      -3,
      1.5,
      '2147483648',
      [2147483648],
      { id: a },
      true,
    ])
      expect(await post('/System/Post/batchDel', { ids }), JSON.stringify(ids)).toMatchObject({
        code: Code.validation,
        msg: 'ids 格式错误',
        data: { field: 'ids' },
      });
    expect(await postsLeft([a!])).toBe(1);
  });

  it('a list narrows to the chosen rows however they are sent', async () => {
    const [a, b, c] = await addPosts('选择列', 3);
    const listed = async (sel: unknown) =>
      (await t.post<ListReply>('/System/Post/list', { ids: sel }, property)).body.data.records.map((r) => r.id).sort();
    expect(await listed(`${a},${c}`)).toEqual([a, c].sort());
    expect(await listed(b)).toEqual([b]);
    expect(await listed([String(a), b])).toEqual([a, b].sort());
    expect((await post('/System/Post/list', { ids: 'a,b' })).msg).toBe('ids 格式错误');
  });
});

describe('fee selections (bill_ids, ids)', () => {
  const paidBills = async (n: number) =>
    (
      await t.rows<{ id: number }>(
        sql`select id from bills where tenant_id = ${ids.tenantA} and status = 2 order by id limit ${n}`,
      )
    ).map((r) => r.id);

  it('signs bills chosen as one id in a string, a number, an array or a comma list', async () => {
    const [a, b, c, d] = await paidBills(4);
    const sign = (bill_ids: unknown) => post('/Web/Renewal/PaidOrder/billSign', { bill_ids, status: 'signed' });
    expect(await sign(String(a))).toMatchObject({ code: 0, msg: '签收成功', data: { count: 1 } });
    expect(await sign(b)).toMatchObject({ code: 0, data: { count: 1 } });
    expect(await sign([c, d])).toMatchObject({ code: 0, data: { count: 2 } });
    expect(await sign(`${a},${b},${c}`)).toMatchObject({ code: 0, data: { count: 3 } });
    const signed = await t.rows<{ is_signed: number }>(
      sql`select is_signed from bills where id in (${a}, ${b}, ${c}, ${d})`,
    );
    expect(signed.map((r) => r.is_signed)).toEqual([1, 1, 1, 1]);
    expect(await sign('')).toMatchObject({ code: Code.validation, msg: '您还未选择数据' });
    expect(await sign(undefined)).toMatchObject({ code: Code.validation, msg: '您还未选择数据' });
    expect(await sign(`${a},abc`)).toMatchObject({
      code: Code.validation,
      msg: 'bill_ids 格式错误',
      data: { field: 'bill_ids' },
    });
  });

  it('prints bills chosen as a comma list', async () => {
    const [a, b] = await paidBills(2);
    const r = await t.post<{ rows: string[][] }>(
      '/Web/Renewal/RenewalList/billDisplay',
      { ids: `${a},${b}` },
      property,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.rows).toHaveLength(2);
    expect((await post('/Web/Renewal/RenewalList/billDisplay', { ids: [] })).msg).toBe('您还未选择数据');
  });
});
