import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { formatDate } from '../../../core/time.ts';
import { setupApp, type TestApp } from '../../../test/harness.ts';

/** What an operator sells is the platform's to decide: its plan bounds the services, renewals move the expiry. */
let t: TestApp;
let admin: string;
let operator: string;
let company: { id: number; expire: string | null };
let services: number[];

const TN = '/Operator/Tenant';
const day = (n: number) => formatDate(new Date(Date.now() + n * 86400_000));
const expireOf = async (id: number) =>
  (await t.one<{ e: string | null }>(sql`select service_expire::text as e from tenants where id = ${id}`)).e;
const servicesOf = async (id: number) =>
  (
    await t.rows<{
      s: number;
    }>(sql`select service_id as s from tenant_services ts join services s on s.id = ts.service_id
      where ts.tenant_id = ${id} and s.code <> 'platform' order by 1`)
  ).map((r) => r.s);

beforeAll(async () => {
  t = await setupApp();
  [admin, operator] = await Promise.all([t.login('admin'), t.login('operator')]);
  company = await t.one<{ id: number; expire: string | null }>(
    sql`select t.id, t.service_expire::text as expire from tenants t
      join users u on u.operator_id = t.operator_id and u.user_name = 'operator' order by t.id limit 1`,
  );
  services = (
    await t.rows<{ id: number }>(sql`select id from services where code <> 'platform' and status = 1 order by id`)
  ).map((r) => r.id);
});
afterAll(() => t.close());

describe('an operator with an empty service plan', () => {
  it('offers no service and is refused one, by name, writing nothing', async () => {
    await t.db.execute(
      sql`update operators set service_ids = '{}' where id = (select operator_id from users where user_name = 'operator')`,
    );
    expect((await t.post<unknown[]>(`${TN}/serviceOptions`, {}, operator)).body.data).toEqual([]);
    const before = await servicesOf(company.id);
    const res = await t.post(`${TN}/edit`, { id: company.id, row: { service_ids: [services[0]] } }, operator);
    expect(res.body).toMatchObject({
      code: Code.validation,
      msg: '运营商的服务方案中没有服务，不能开通服务',
      data: { field: 'service_ids' },
    });
    expect(await servicesOf(company.id)).toEqual(before);
    const add = await t.post(
      `${TN}/add`,
      {
        row: {
          name: '空方案物业',
          contact: '某人',
          phone: '13800002222',
          status: 1,
          service_expire: day(365),
          service_ids: [services[0]],
          user_name: 'emptyplan',
          user_password: 'Abc_2026',
        },
      },
      operator,
    );
    expect(add.body).toMatchObject({ code: Code.validation, data: { field: 'service_ids' } });
    expect((await t.rows(sql`select id from tenants where name = '空方案物业'`)).length).toBe(0);
  });

  it('sells what the platform then puts in its plan, and nothing else', async () => {
    await t.db.execute(
      sql`update operators set service_ids = ${`{${services[0]}}`}::int[] where id = (select operator_id from users where user_name = 'operator')`,
    );
    const opts = (await t.post<{ value: number }[]>(`${TN}/serviceOptions`, {}, operator)).body.data;
    expect(opts.map((o) => o.value)).toEqual([services[0]]);
    const outside = await t.post(`${TN}/edit`, { id: company.id, row: { service_ids: [services[1]] } }, operator);
    expect(outside.body).toMatchObject({ msg: '所选服务不在运营商的服务方案内', data: { field: 'service_ids' } });
  });
});

describe('a company’s service expiry', () => {
  it('is not the operator’s to move or clear; the unchanged date on its edit form is fine', async () => {
    const before = await expireOf(company.id);
    for (const value of [day(3650), '', null]) {
      const res = await t.post(`${TN}/edit`, { id: company.id, row: { service_expire: value } }, operator);
      expect(res.body).toMatchObject({
        code: Code.validation,
        msg: '服务到期只能通过续费订单或由平台修改',
        data: { field: 'service_expire' },
      });
    }
    expect(await expireOf(company.id)).toBe(before);
    const same = await t.post(
      `${TN}/edit`,
      { id: company.id, row: { contact: '新联系人', service_expire: before } },
      operator,
    );
    expect(same.body).toMatchObject({ code: 0 });
    expect(await expireOf(company.id)).toBe(before);
  });

  it('is moved by the platform administrator', async () => {
    const res = await t.post(`${TN}/edit`, { id: company.id, row: { service_expire: day(90) } }, admin);
    expect(res.body).toMatchObject({ code: 0 });
    expect(await expireOf(company.id)).toBe(day(90));
  });

  it('is moved by a paid renewal order', async () => {
    const tenantId = (await t.one<{ id: number }>(sql`select tenant_id as id from users where user_name = 'propertyb'`))
      .id;
    await t.db.execute(sql`update tenants set service_expire = ${day(10)}::date where id = ${tenantId}`);
    const propertyb = await t.login('propertyb');
    const S = '/Web/Renewal/Service';
    const list = (await t.post<{ list: { id: number; title: string }[] }>(`${S}/index`, {}, propertyb)).body.data.list;
    const platform = list.find((s) => s.title === '物业管理平台')!;
    const order = await t.post<{ codeUrl: string }>(`${S}/order`, { id: platform.id, radio: 1, payway: 4 }, propertyb);
    expect(order.body).toMatchObject({ code: 0 });
    const token = decodeURIComponent(order.body.data.codeUrl.split('token=')[1]!);
    expect((await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' })).body).toMatchObject({ code: 0 });
    expect((await expireOf(tenantId))! > day(10)).toBe(true);
  });
});
