import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { formatDate } from '../../../core/time.ts';
import { setupApp, type TestApp } from '../../../test/harness.ts';

type Rows = { records: Record<string, unknown>[]; total: number };
const day = (n: number) => formatDate(new Date(Date.now() + n * 86_400_000));

describe('what each level sees of operators, companies and villages', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let property: string;
  let southTenant: number;
  let southVillage: number;

  const list = async (route: string, token: string, body: Record<string, unknown> = {}) => {
    const r = await t.post<Rows>(`${route}/list`, { size: 100, ...body }, token);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data.records;
  };
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => r.name);

  beforeAll(async () => {
    t = await setupApp();
    [admin, operator, property] = await Promise.all([t.login('admin'), t.login('operator'), t.login('property')]);
    // the platform gives the second demo operator a company, about to expire, with one village
    const [south] = await t.rows<{ id: number }>(sql`select id from operators where name = '华南社区运营服务有限公司'`);
    const r = await t.post<{ id: number }>(
      '/Operator/Tenant/add',
      {
        row: {
          name: '南方物业有限公司',
          operator_id: south!.id,
          contact: '林总',
          phone: '13700009999',
          service_expire: day(3),
          status: 1,
          user_name: 'southwy',
          user_password: 'South_2026',
        },
      },
      admin,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    southTenant = r.body.data.id;
    const [v] = await t.rows<{ id: number }>(
      sql`insert into villages (tenant_id, name, region_code) values (${southTenant}, '南方花园', '440106') returning id`,
    );
    southVillage = v!.id;
  });
  afterAll(() => t.close());

  it('the platform sees every company and village; an operator only its own', async () => {
    const all = names(await list('/Operator/Tenant', admin));
    expect(all).toEqual(
      expect.arrayContaining([
        '阳光物业服务有限公司',
        '安居物业管理有限公司',
        '惠民物业服务有限公司',
        '南方物业有限公司',
      ]),
    );
    const mine = names(await list('/Operator/Tenant', operator));
    expect(mine).toEqual(expect.arrayContaining(['阳光物业服务有限公司', '康居物业管理有限公司']));
    expect(mine).not.toContain('南方物业有限公司');
    const [{ n }] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from tenants t join operators o on o.id = t.operator_id where o.name = '华东智慧社区运营中心'`,
    );
    expect(mine).toHaveLength(n);
    expect(names(await list('/Operator/Village', admin))).toContain('南方花园');
    const villages = names(await list('/Operator/Village', operator));
    expect(villages).toEqual(expect.arrayContaining(['阳光花园', '惠民家园', '康居花苑']));
    expect(villages).not.toContain('南方花园');
    // another operator's rows behave as if they did not exist, for reads and writes
    expect((await t.post('/Operator/Tenant/detail', { id: southTenant }, operator)).body.code).toBe(Code.notFound);
    const edit = await t.post('/Operator/Village/edit', { id: southVillage, row: { expire_date: day(100) } }, operator);
    expect(edit.body.code).toBe(Code.notFound);
    const [{ e }] = await t.rows<{ e: string | null }>(
      sql`select expire_date::text as e from villages where id = ${southVillage}`,
    );
    expect(e).toBeNull();
  });

  it('an operator sets its own village’s end; the effective end falls back to the company’s', async () => {
    const [v] = await t.rows<{ id: number }>(sql`select id from villages where name = '惠民家园'`);
    const before = (await list('/Operator/Village', operator, { name: '惠民家园' }))[0]!;
    expect(before).toMatchObject({ expire_date: null, effective_expire: day(5), tenant_name: '惠民物业服务有限公司' });
    const r = await t.post(
      '/Operator/Village/edit',
      { id: v!.id, row: { expire_date: day(40), name: '改名' } },
      operator,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    const after = (await list('/Operator/Village', operator, { name: '惠民家园' }))[0]!;
    // the name is the company's to change
    expect(after).toMatchObject({ name: '惠民家园', expire_date: day(40), effective_expire: day(40) });
    // clearing the date in the form hands the village back to its company's end
    const cleared = await t.post('/Operator/Village/edit', { id: v!.id, row: { expire_date: null } }, operator);
    expect(cleared.body.code, cleared.body.msg).toBe(0);
    const back = (await list('/Operator/Village', operator, { name: '惠民家园' }))[0]!;
    expect(back).toMatchObject({ expire_date: null, effective_expire: day(5) });
  });

  it('clearing a company’s service end makes it 长期; other fields left out keep their values', async () => {
    const [c] = await t.rows<{ id: number }>(sql`select id from tenants where name = '南方物业有限公司'`);
    const cleared = await t.post('/Operator/Tenant/edit', { id: c!.id, row: { service_expire: '' } }, admin);
    expect(cleared.body.code, cleared.body.msg).toBe(0);
    const row = await t.one<{ e: string | null; contact: string }>(
      sql`select service_expire::text as e, contact from tenants where id = ${c!.id}`,
    );
    expect(row).toEqual({ e: null, contact: '林总' });
    await t.post('/Operator/Tenant/edit', { id: c!.id, row: { service_expire: day(3) } }, admin);
  });

  it('lists what expires within 30 days or has expired, soonest first, with days left and state', async () => {
    const ops = await list('/Sys/CarrierOperator/ExpireOperator', admin);
    expect(ops.map((r) => [r.name, r.days_left, r.expire_state])).toEqual([['华南社区运营服务有限公司', 12, '1']]);
    const ts = await list('/Sys/CarrierOperator/ExpireTenant', admin);
    expect(ts.map((r) => [r.name, r.days_left, r.expire_state])).toEqual([
      ['康居物业管理有限公司', -10, '2'],
      ['南方物业有限公司', 3, '1'],
      ['惠民物业服务有限公司', 5, '1'],
    ]);
    const expired = await list('/Sys/CarrierOperator/ExpireTenant', admin, { expire_state: '2' });
    expect(names(expired)).toEqual(['康居物业管理有限公司']);
    const vs = await list('/Sys/CarrierOperator/ExpireVillage', admin);
    expect(vs.map((r) => [r.name, r.days_left])).toEqual([
      ['康居花苑', -10],
      ['南方花园', 3],
      ['惠民家园', 5],
      ['翠湖名苑', 20],
    ]);
    // an operator: its own companies and villages only
    expect(names(await list('/Sys/CarrierOperator/ExpireTenant', operator))).toEqual([
      '康居物业管理有限公司',
      '惠民物业服务有限公司',
    ]);
    expect(names(await list('/Sys/CarrierOperator/ExpireVillage', operator))).not.toContain('南方花园');
  });

  it('refuses an operator on the platform’s screens and a company on all of these', async () => {
    for (const route of [
      '/Sys/CarrierOperator/Operator',
      '/Sys/CarrierOperator/ExpireOperator',
      '/Sys/Permission/RoleTemplate',
    ])
      expect((await t.post(`${route}/list`, {}, operator)).body.code, route).toBe(Code.forbidden);
    for (const route of [
      '/Operator/Tenant',
      '/Operator/Village',
      '/Sys/CarrierOperator/ExpireTenant',
      '/Sys/CarrierOperator/ExpireVillage',
      '/Sys/CarrierOperator/Operator',
    ])
      expect((await t.post(`${route}/list`, {}, property)).body.code, route).toBe(Code.forbidden);
    // an operator's select of operators offers itself only
    const opts = await t.post<{ label: string }[]>('/Sys/CarrierOperator/Operator/options', {}, operator);
    expect(opts.body.data.map((o) => o.label)).toEqual(['华东智慧社区运营中心']);
  });

  it('a lapsed company still logs in and reads', async () => {
    const token = await t.login('propertyd');
    const r = await t.post<Rows>('/Web/Basic/Village/list', {}, token);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(names(r.body.data.records)).toEqual(['康居花苑']);
  });
});
