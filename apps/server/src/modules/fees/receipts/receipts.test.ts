import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import type { ReceiptDocsReply, ReceiptSettings } from '@5a/contracts/endpoints/receipts';
import { type DemoApp, openDemo } from '../../estate/testing.ts';

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

const R = '/Web/Renewal';
const docs = (billIds: number[], token = property) =>
  t.post<ReceiptDocsReply>(`${R}/Receipt/docs`, { ids: billIds }, token);

/** two lines (two months) of an item of its own on one house of 阳光花园, and one on another house */
const setup = async () => {
  const item = await t.post<{ id: number }>(
    `${R}/FeeItem/add`,
    {
      row: {
        village_id: ids.sunshine.id,
        name: '收据测试费',
        category: '1',
        calc_mode: '2',
        period_type: '1',
        cycle_months: 1,
        unit_price: '1234.56',
        start_date: '2020-01-01',
      },
    },
    property,
  );
  const houses = await t.rows<{ id: number }>(
    sql`select id from houses where village_id = ${ids.sunshine.id} order by id limit 2`,
  );
  for (const month of ['2034-01', '2034-02'])
    await t.post(
      `${R}/RenewalList/generate`,
      { house_ids: houses.map((h) => h.id), fee_item_ids: [item.body.data.id], period_start: month, months: 1 },
      property,
    );
  return t.rows<{ id: number; house_id: number }>(
    sql`select id, house_id from bills where fee_item_id = ${item.body.data.id} order by house_id, period_start`,
  );
};

describe('收据', () => {
  let lines: { id: number; house_id: number }[] = [];
  beforeAll(async () => {
    lines = await setup();
  });

  it('prints a collection as one numbered receipt, the same number every time, then 补打', async () => {
    const [a, b] = lines;
    const paid = await t.post<{ paymentId: number; orderNum: string }>(
      `${R}/RenewalList/charge`,
      { ids: [a!.id, b!.id], type: 1, payway: 2 },
      property,
    );
    expect(paid.body.code).toBe(0);
    const first = (await docs([a!.id, b!.id])).body.data;
    expect(first.company).not.toBe('');
    expect(first.docs).toHaveLength(1);
    const r = first.docs[0]!;
    expect(r).toMatchObject({
      kind: 'receipt',
      reprint: false,
      village: '阳光花园',
      total: '2469.12',
      method: '现金',
      order_num: paid.body.data.orderNum,
      bill_ids: [a!.id, b!.id],
    });
    expect(r.no).toMatch(/^SJ\d{8}$/);
    expect(r.lines.map((l) => l.amount)).toEqual(['1234.56', '1234.56']);
    expect(r.collector).not.toBe('');
    expect((await docs([a!.id])).body.data.docs[0]!.no).toBe(r.no);

    expect((await t.post(`${R}/Receipt/printed`, { ids: [a!.id, b!.id] }, property)).body.data).toEqual({ printed: 1 });
    const again = (await docs([a!.id, b!.id])).body.data.docs[0]!;
    expect(again).toMatchObject({ no: r.no, reprint: true });
    await t.post(`${R}/Receipt/printed`, { ids: [a!.id, b!.id] }, property);
    expect(
      await t.rows(
        sql`select reprint from receipt_prints where bill_ids = ${`{${a!.id},${b!.id}}`}::int[] order by id`,
      ),
    ).toEqual([{ reprint: false }, { reprint: true }]);
  });

  it('numbers the receipts of a company one after another, and prints unpaid bills as a notice per house', async () => {
    const [, , c, d] = lines;
    await t.post(`${R}/RenewalList/charge`, { ids: [c!.id], type: 1, payway: 1, orderNum: 'CARD-1' }, property);
    const both = (await docs([lines[0]!.id, c!.id, d!.id])).body.data.docs;
    expect(both.map((x) => x.kind)).toEqual(['receipt', 'receipt', 'notice']);
    const [n1, n2] = both.map((x) => Number(x.no.slice(2)));
    expect(n2).toBe(n1! + 1);
    expect(both[1]).toMatchObject({ method: '银行卡' });
    expect(both[2]).toMatchObject({ no: '', reprint: false, total: '1234.56', method: '', bill_ids: [d!.id] });
    const seqs = await t.rows<{ seq: number }>(
      sql`select seq from receipts where tenant_id = ${ids.tenantA} order by seq`,
    );
    expect(seqs.map((s) => s.seq)).toEqual(seqs.map((_s, i) => i + 1));
  });

  it('another company sees none of the bills', async () => {
    expect((await docs([lines[0]!.id], propertyb)).body.code).toBe(Code.notFound);
    expect((await docs([], property)).body.msg).toBe('您还未选择数据');
  });

  it('keeps the company layout and texts, refusing what is not one', async () => {
    const bad = await t.post(
      `${R}/Receipt/saveSettings`,
      { layout: 'letter', title: '', header: '', footer: '' },
      property,
    );
    expect(bad.body).toMatchObject({ code: Code.validation, msg: '请选择纸张版式' });
    const long = await t.post(`${R}/Receipt/saveSettings`, { layout: 'a4', footer: 'x'.repeat(201) }, property);
    expect(long.body.msg).toBe('页脚文字不能超过200个字符');
    const s: ReceiptSettings = {
      layout: 'continuous',
      title: '阳光物业',
      header: '电话 0571-1234567',
      footer: '请妥善保管',
    };
    expect((await t.post(`${R}/Receipt/saveSettings`, s, property)).body).toMatchObject({ code: 0, data: s });
    expect((await t.post(`${R}/Receipt/settings`, {}, property)).body.data).toEqual(s);
    expect((await t.post(`${R}/Receipt/settings`, {}, propertyb)).body.data).toMatchObject({ layout: 'a4' });
    expect((await docs([lines[0]!.id])).body.data.settings).toEqual(s);
  });
});
