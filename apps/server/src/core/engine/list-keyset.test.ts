import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListReply } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let property: string;
beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
});
afterAll(() => t.close());

type Bill = { id: number; amount: string; due_date: string };
const LIST = '/Web/Renewal/RenewalList/list';
const list = async (body: object) => (await t.post<ListReply>(LIST, body, property)).body;

describe('sorted lists page by keyset', () => {
  it('anchors the next page at the last row read, where offset paging would shift', async () => {
    const q = { sortField: 'amount', sortOrder: 'ascend', size: 6 };
    const page1 = (await list({ ...q, current: 1 })).data;
    const page2 = (await list({ ...q, current: 2 })).data;
    // a row of page 1 goes away before the next page is read
    await t.rows(sql`delete from bills where id = ${page1.records[0]!.id as number}`);
    const byOffset = (await list({ ...q, current: 2 })).data.records.map((r) => r.id);
    const byKeyset = (await list({ ...q, current: 2, after: page1.next })).data.records.map((r) => r.id);
    expect(byKeyset).toEqual(page2.records.map((r) => r.id));
    expect(byOffset).not.toEqual(byKeyset);
  });

  it('reads the page after a cursor as offset paging would, in both directions', async () => {
    for (const sortOrder of ['ascend', 'descend']) {
      const q = { sortField: 'amount', sortOrder, size: 7 };
      const byOffset = await Promise.all([1, 2, 3].map((current) => list({ ...q, current })));
      let body = byOffset[0]!.data;
      for (const current of [2, 3]) {
        expect(body.next).toEqual(expect.any(String));
        body = (await list({ ...q, current, after: body.next })).data;
        expect(body.records.map((r) => r.id)).toEqual(byOffset[current - 1]!.data.records.map((r) => r.id));
      }
      const amounts = byOffset.flatMap((p) => p.data.records.map((r) => Number((r as Bill).amount)));
      const ids = byOffset.flatMap((p) => p.data.records.map((r) => r.id as number));
      // ordered by amount, ties by id the same way
      for (let i = 1; i < amounts.length; i++) {
        const [a, b] = sortOrder === 'ascend' ? [amounts[i - 1]!, amounts[i]!] : [amounts[i]!, amounts[i - 1]!];
        expect(a <= b).toBe(true);
        if (a === b) expect(sortOrder === 'ascend' ? ids[i - 1]! < ids[i]! : ids[i - 1]! > ids[i]!).toBe(true);
      }
    }
  });

  it('sorts overdue days by the due date and a cursor of another search or page reads by offset', async () => {
    const q = { sortField: 'overdue_days', sortOrder: 'descend', size: 5 };
    const first = (await t.post<ListReply>('/Web/Renewal/Unpaid/list', { ...q, current: 1 }, property)).body.data;
    const due = first.records.map((r) => String(r.due_date));
    expect([...due].sort()).toEqual(due);
    const page2 = await list({ sortField: 'amount', sortOrder: 'ascend', size: 5, current: 2 });
    const page1 = await list({ sortField: 'amount', sortOrder: 'ascend', size: 5, current: 1 });
    // a cursor from another list, from another search, for another page, or garbled: the offset page
    for (const after of [first.next, 'x', page1.data.next]) {
      const got = await list({ sortField: 'amount', sortOrder: 'ascend', size: 5, current: 2, after, name: undefined });
      expect(got.data.records.map((r) => r.id)).toEqual(page2.data.records.map((r) => r.id));
    }
    const other = await list({
      sortField: 'amount',
      sortOrder: 'ascend',
      size: 5,
      current: 2,
      after: page1.data.next,
      status: 1,
    });
    const plain = await list({ sortField: 'amount', sortOrder: 'ascend', size: 5, current: 2, status: 1 });
    expect(other.data.records.map((r) => r.id)).toEqual(plain.data.records.map((r) => r.id));
  });
});
