import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ScreenConfig } from '@5a/contracts';
import { type DemoApp, loginWithRole, openDemo } from '../../estate/testing.ts';
import { sandboxSecondTransaction } from '../../payment/testing.ts';
import { unpaidFixedBill } from './testing.ts';

/** 退款管理: a duplicate payment recorded as refund due, listed, marked refunded once (who, when). */
let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

const R = '/Web/Renewal';
const RD = `${R}/RefundDue`;
type List<T> = { records: T[]; total: number };
type RefundRow = {
  id: number;
  village_id: number;
  house_name: string;
  out_trade_no: string;
  amount: string;
  reason: string;
  status: number | string;
  refunded_by_name: string;
  refunded_at: string;
};

/**
 * a ¥66.60 bill paid through the sandbox, then a second transaction for the same order delivered by
 * the platform (the payer's own replayed scan is the first transaction again and refunds nothing)
 */
const paidTwice = async () => {
  const { house, bill } = await unpaidFixedBill(
    { t, property, ids },
    { name: '重复支付测试费', price: '66.60', period: '2031-01' },
  );
  const order = (
    await t.post<{ codeUrl: string; outTradeNo: string }>(
      `${R}/RenewalList/charge`,
      { data: { ids: [bill], type: 0 } },
      property,
    )
  ).body.data;
  const token = decodeURIComponent(order.codeUrl.split('token=')[1]!);
  expect((await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' })).body.code).toBe(0);
  expect((await sandboxSecondTransaction(t, token)).statusCode).toBe(200);
  return { house, outTradeNo: order.outTradeNo };
};

describe('退款管理', () => {
  it('serves the screen with export and the 标记已退款 button only', async () => {
    const c = (await t.post<ScreenConfig>(`${RD}/listConfig`, {}, property)).body.data;
    expect(c.toolbar.map((b) => b.type)).toEqual(['export']);
    expect(c.rowActions).toEqual([]);
    expect(c.customButtons).toEqual([
      {
        emit: 'refund',
        api: `${RD}/refund`,
        title: '标记已退款',
        isconfirm: true,
        showRule: { key: 'status', val: '1' },
      },
    ]);
    const menu = await t.one<{ n: number }>(
      sql`select count(*)::int as n from menus where route_path = ${`${RD}/listConfig`} and app_type = 'web'`,
    );
    expect(menu.n).toBe(1);
  });

  it('lists a duplicate payment as refund due with its village and house', async () => {
    const { outTradeNo } = await paidTwice();
    const list = (await t.post<List<RefundRow>>(`${RD}/list`, { out_trade_no: outTradeNo }, property)).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      village_id: ids.sunshine.id,
      amount: '66.60',
      reason: '重复支付：订单已结算',
      refunded_by_name: '',
    });
    expect(String(list.records[0]!.status)).toBe('1');
    expect(list.records[0]!.house_name).toMatch(/单元/);
    // another company sees none of it
    expect((await t.post<List<RefundRow>>(`${RD}/list`, { out_trade_no: outTradeNo }, propertyb)).body.data.total).toBe(
      0,
    );
  });

  it('marks a refund done once, recording who and when', async () => {
    const row = await t.one<{ id: number }>(
      // the duplicate payment just recorded (the newest row; the demo has refunds of its own)
      sql`select id from refund_due where tenant_id = ${ids.tenantA} and status = 1 order by id desc limit 1`,
    );
    // another company's user cannot reach it
    expect((await t.post(`${RD}/refund`, { data: { id: row.id } }, propertyb)).body.code).toBe(Code.notFound);

    const res = await t.post<{ status: number; refunded_by_name: string; refunded_at: string }>(
      `${RD}/refund`,
      { data: { id: row.id, status: 1, remark: '已在商户平台原路退回' } },
      property,
    );
    expect(res.body).toMatchObject({ code: 0, data: { status: 2, refunded_by_name: '阳光物业管理员' } });
    expect(res.body.data.refunded_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const saved = await t.one<{
      status: number;
      refunded_by: number;
      refunded_by_name: string;
      remark: string;
      at: boolean;
    }>(
      sql`select status, refunded_by, refunded_by_name, remark, refunded_at > now() - interval '1 minute' as at from refund_due where id = ${row.id}`,
    );
    expect(saved).toMatchObject({
      status: 2,
      refunded_by_name: '阳光物业管理员',
      remark: '已在商户平台原路退回',
      at: true,
    });
    expect(saved.refunded_by).toBeGreaterThan(0);
    expect(
      await t.rows(
        sql`select user_name, before, after from audit_logs where action = 'refund' and record_id = ${row.id}`,
      ),
    ).toEqual([
      {
        user_name: 'property',
        before: { status: 1 },
        after: { status: 2, amount: expect.stringMatching(/^\d+\.\d{2}$/), remark: '已在商户平台原路退回' },
      },
    ]);

    const again = await t.post(`${RD}/refund`, { data: { id: row.id } }, property);
    expect(again.body).toMatchObject({ code: Code.fail, msg: '该记录已标记为已退款' });
    expect((await t.post(`${RD}/refund`, { data: {} }, property)).body).toMatchObject({
      code: Code.validation,
      msg: '请选择退款记录',
      data: { field: 'id' },
    });
  });

  it('keeps the records read-only and the marking to the edit right', async () => {
    const row = await t.one<{ id: number }>(
      sql`select id from refund_due where tenant_id = ${ids.tenantA} order by id desc limit 1`,
    );
    // no delete right is seeded (and the resource refuses a delete anyway); an edit changes nothing
    expect((await t.post(`${RD}/del`, { id: row.id }, property)).body.code).toBe(Code.forbidden);
    expect((await t.post(`${RD}/edit`, { row: { id: row.id, amount: '1.00' } }, property)).body.code).not.toBe(0);
    expect((await t.one<{ amount: number }>(sql`select amount from refund_due where id = ${row.id}`)).amount).toBe(
      6660,
    );
    const viewer = await loginWithRole(t, 'refundviewer', { pages: [], villages: null });
    expect((await t.post(`${RD}/list`, {}, viewer.token)).body.code).toBe(Code.forbidden);
    expect((await t.post(`${RD}/refund`, { data: { id: row.id } }, viewer.token)).body.code).toBe(Code.forbidden);
  });
});

describe('收费项目选项', () => {
  it('names the village of a fee item whose name another village also uses', async () => {
    const options = (await t.post<{ label: string; value: number }[]>(`${R}/FeeItem/options`, {}, property)).body.data;
    const labels = options.map((o) => o.label);
    // the demo gives both villages 物业费, 垃圾清运费 and 水费
    expect(labels).toEqual(
      expect.arrayContaining(['物业费（阳光花园）', '物业费（翠湖名苑）', '水费（阳光花园）', '水费（翠湖名苑）']),
    );
    expect(labels).not.toContain('物业费');
    expect(new Set(labels).size).toBe(labels.length);
    // a name of one village only stays as it is
    expect(labels).toContain('重复支付测试费');
    const b = (await t.post<{ label: string }[]>(`${R}/FeeItem/options`, {}, propertyb)).body.data.map((o) => o.label);
    expect(b.every((l) => !l.includes('阳光花园'))).toBe(true);
  });
});
