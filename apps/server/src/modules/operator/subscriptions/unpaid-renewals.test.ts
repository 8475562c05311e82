import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ScreenConfig } from '@5a/contracts';
import { formatDate } from '../../../core/time.ts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { demoIds, type DemoIds } from '../../estate/testing.ts';

let t: TestApp;
let admin: string, operator: string, property: string, staff: string;
let ids: DemoIds;
beforeAll(async () => {
  t = await setupApp();
  [admin, operator, property, staff] = await Promise.all([
    t.login('admin'),
    t.login('operator'),
    t.login('property'),
    t.login('staff'),
  ]);
  ids = await demoIds(t);
});
afterAll(() => t.close());

const U = '/Web/Renewal/Unpaid';
const day = (n: number) => formatDate(new Date(Date.now() + n * 86400_000));
type Row = Record<string, unknown>;
const list = async (token: string, body: Row = {}) =>
  (await t.post<{ records: Row[]; total: number }>(`${U}/list`, { size: 100, ...body }, token)).body;

describe('待续费 and 欠费催缴 on one path', () => {
  it('answers the operator with its companies due for renewal and the company with its overdue bills', async () => {
    await t.db.execute(sql`update tenants set service_expire = ${day(5)}::date where id = ${ids.tenantB}`);
    const [other] = await t.rows<{ id: number }>(sql`insert into operators (name) values ('别家运营商') returning id`);
    await t.rows(
      sql`insert into tenants (name, operator_id, service_expire) values ('别家物业', ${other!.id}, ${day(-3)}::date) returning id`,
    );

    const op = await list(operator);
    expect(op).toMatchObject({ code: 0 });
    const names = op.data.records.map((r) => r.name);
    // A: e-invoicing lapsed last year (the platform runs to 2027); B: the platform ends in 5 days
    expect(names).toEqual(expect.arrayContaining(['阳光物业服务有限公司', '安居物业管理有限公司']));
    expect(names).not.toContain('别家物业');
    const b = op.data.records.find((r) => r.name === '安居物业管理有限公司')!;
    expect(b).toMatchObject({ services: '物业管理平台', expire_date: day(5), days_left: 5, price: '3000.00' });
    const a = op.data.records.find((r) => r.name === '阳光物业服务有限公司')!;
    expect(a).toMatchObject({ services: '电子发票', price: '800.00' });
    expect(a.days_left as number).toBeLessThan(0);

    // the platform has no such page (its expiry lists cover it): the path is 无权限 for it
    expect((await list(admin)).code).toBe(Code.forbidden);

    // the company's users get the web screen: bills past due, with late fees
    const web = await list(property);
    expect(web).toMatchObject({ code: 0 });
    expect(web.data.records.length).toBeGreaterThan(0);
    expect(web.data.records[0]).toHaveProperty('overdue_days');
    expect(web.data.records[0]).not.toHaveProperty('days_left');

    const cfg = async (token: string) =>
      (await t.post<ScreenConfig>(`${U}/listConfig`, {}, token)).body.data.fields.map((f) => f.prop);
    expect(await cfg(operator)).toContain('last_order_state');
    expect(await cfg(property)).toContain('late_fee');
    // each app's rights stay its own: no charging for operators, nothing for staff without the page
    expect((await t.post(`${U}/del`, { id: ids.tenantB }, operator)).body.code).toBe(Code.forbidden);
    expect((await list(staff)).code).toBe(Code.forbidden);
    // a company renewed past 30 days leaves the list
    await t.db.execute(sql`update tenants set service_expire = ${day(400)}::date where id = ${ids.tenantB}`);
    expect((await list(operator)).data.records.map((r) => r.name)).not.toContain('安居物业管理有限公司');
  });

  it('exports what the caller’s app shows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/xapi${U}/export`,
      payload: { format: 'csv' },
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('剩余天数');
    expect(res.body).toContain('阳光物业服务有限公司');
  });
});
