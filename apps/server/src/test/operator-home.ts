import { sql } from 'drizzle-orm';
import type { LoginData } from '@5a/contracts';
import { formatDate } from '../core/time.ts';
import { hashPassword } from '../modules/auth/service.ts';
import type { TestApp } from './harness.ts';

/** 'YYYY-MM-DD' n days from today (Asia/Shanghai). */
export const daysFromToday = (n: number) => {
  const [y, m, d] = formatDate(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * An operator of its own in Guangzhou (440100) with three companies — one expiring in 5 days, one in
 * 400 days (its village expires in 10), one lapsed 3 days ago — one building, one house, three residents
 * (two men, one woman, two of them owners), a paid renewal this month and an unpaid one; and its admin logged in.
 * The figures the operator home and cockpit must show are these, whatever else the demo holds.
 */
export const seedGuangzhouOperator = async (t: TestApp) => {
  const one = async (q: ReturnType<typeof sql>) => Number((await t.one<{ id: number }>(q)).id);
  const op = await one(
    sql`insert into operators (name, region_code, region_codes, expire_date, share_percent)
      values ('华南测试运营商', '440100', '{440100}', ${daysFromToday(20)}, 20) returning id`,
  );
  await t.rows(
    sql`insert into users (kind, operator_id, user_name, name, password_hash, is_super)
      values ('operator', ${op}, 'hnop', '华南管理员', ${await hashPassword('Test_2026')}, true)`,
  );
  const tenant = (name: string, expire: string) =>
    one(sql`insert into tenants (operator_id, name, service_expire) values (${op}, ${name}, ${expire}) returning id`);
  const t1 = await tenant('南粤测试物业', daysFromToday(5));
  const t2 = await tenant('珠江测试物业', daysFromToday(400));
  const t3 = await tenant('白云测试物业', daysFromToday(-3));
  const village = (tenantId: number, name: string, region: string, expire: string | null) =>
    one(
      sql`insert into villages (tenant_id, name, region_code, lonlat, expire_date)
        values (${tenantId}, ${name}, ${region}, '113.3,23.1', ${expire}) returning id`,
    );
  const v1 = await village(t1, '南粤花园', '440106', null);
  const v2 = await village(t2, '珠江新苑', '440104', daysFromToday(10));
  const v3 = await village(t3, '白云雅居', '440106', null);
  const b1 = await one(
    sql`insert into buildings (tenant_id, village_id, name) values (${t1}, ${v1}, '1栋') returning id`,
  );
  const h1 = await one(
    sql`insert into houses (tenant_id, village_id, building_id, unit_name, name) values (${t1}, ${v1}, ${b1}, '1单元', '101') returning id`,
  );
  for (const [name, sex, type] of [
    ['南粤甲', 1, 1],
    ['南粤乙', 1, 3],
    ['南粤丙', 2, 1],
  ] as const)
    await t.rows(
      sql`insert into gate_persons (tenant_id, village_id, building_id, house_id, name, sex, personnel_type)
        values (${t1}, ${v1}, ${b1}, ${h1}, ${name}, ${sex}, ${type})`,
    );
  const svc = await t.one<{ id: number; price: string }>(sql`select id, price from services where code = 'platform'`);
  await t.rows(
    sql`insert into tenant_services (tenant_id, service_id, end_date) values
      (${t1}, ${svc.id}, ${daysFromToday(5)}), (${t2}, ${svc.id}, ${daysFromToday(400)})`,
  );
  await t.rows(
    sql`insert into service_orders (tenant_id, service_id, years, amount, out_trade_no, state, paid_at, operator_id, share_amount)
      values (${t1}, ${svc.id}, 1, 36000, 'HNTEST0001', 'SUCCESS', now(), ${op}, 7200),
        (${t1}, ${svc.id}, 1, 36000, 'HNTEST0002', 'NOTPAY', null, null, 0)`,
  );
  const login = await t.post<LoginData>('/Passport/User/Login/operator', await t.loginRequest('hnop', 'Test_2026'));
  if (login.body.code !== 0) throw new Error(`login hnop: ${login.body.msg}`);
  return {
    op,
    tenants: { t1, t2, t3 },
    villages: { v1, v2, v3 },
    price: Number(svc.price),
    token: login.body.data.token,
  };
};
