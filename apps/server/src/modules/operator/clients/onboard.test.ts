import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type LoginData, type LoginKind } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';

const OP = '/Sys/CarrierOperator/Operator';
const TN = '/Operator/Tenant';

describe('onboarding operators and companies', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;

  const loginAs = async (kind: LoginKind, user: string, password: string) =>
    (await t.post<LoginData>(`/Passport/User/Login/${kind}`, await t.loginRequest(user, password))).body;
  const counts = () =>
    t.one<{ o: number; tn: number; u: number; r: number; ts: number }>(sql`select
      (select count(*)::int from operators) as o, (select count(*)::int from tenants) as tn,
      (select count(*)::int from users) as u, (select count(*)::int from roles) as r,
      (select count(*)::int from tenant_services) as ts`);
  let plan: number[] = [];
  const newOperator = (over: Record<string, unknown> = {}) => ({
    name: '西湖社区运营有限公司',
    region_codes: ['330100', '330200'],
    contact: '陈经理',
    phone: '13911112222',
    start_date: '2026-01-01',
    expire_date: '2027-12-31',
    share_percent: '15.5',
    // an empty plan sells nothing: the operator is given every service but the platform's own
    service_ids: plan,
    status: 1,
    user_name: 'xihuop',
    user_password: 'Xihu_2026',
    admin_name: '陈经理',
    ...over,
  });

  beforeAll(async () => {
    t = await setupApp();
    [admin, operator] = await Promise.all([t.login('admin'), t.login('operator')]);
    plan = (await t.rows<{ id: number }>(sql`select id from services where code <> 'platform' order by id`)).map(
      (r) => r.id,
    );
  });
  afterAll(() => t.close());

  it('adds an operator, its super administrator and its template roles in one go', async () => {
    const r = await t.post<{ id: number }>(`${OP}/add`, { row: newOperator() }, admin);
    expect(r.body.code, r.body.msg).toBe(0);
    const id = r.body.data.id;
    const op = await t.one<{ region_codes: string[]; region_code: string; share_percent: string }>(
      sql`select region_codes, region_code, share_percent::text from operators where id = ${id}`,
    );
    expect(op).toEqual({ region_codes: ['330100', '330200'], region_code: '330100', share_percent: '15.50' });
    const u = await t.one<{ kind: string; is_super: boolean; must_change_password: boolean; name: string }>(
      sql`select kind, is_super, must_change_password, name from users where user_name = 'xihuop'`,
    );
    expect(u).toEqual({ kind: 'operator', is_super: true, must_change_password: true, name: '陈经理' });
    const templates = await t.one<{ n: number }>(
      sql`select count(*)::int as n from roles where template = 'operator' and operator_id is null`,
    );
    const copies = await t.one<{ n: number }>(sql`select count(*)::int as n from roles where operator_id = ${id}`);
    expect(templates.n).toBeGreaterThan(0);
    expect(copies.n).toBe(templates.n);
    // the list shows it with its regions and share
    const list = await t.post<{ records: Record<string, unknown>[] }>(`${OP}/list`, { name: '西湖社区' }, admin);
    expect(list.body.data.records[0]).toMatchObject({ name: '西湖社区运营有限公司', share_percent: '15.50' });
    expect(list.body.data.records[0]).not.toHaveProperty('user_password');
  });

  it('refuses a taken login name, a bad period, an unknown region or share and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user_name: 'operator' }, '登录账号已存在', 'user_name'],
      [{ start_date: '2026-06-01', expire_date: '2026-05-31' }, '到期日期不能早于开始日期', 'expire_date'],
      [{ region_codes: ['999999'] }, '所在地区不存在', 'region_codes'],
      [{ share_percent: '120' }, '分成比例为0-100，最多两位小数', 'share_percent'],
    ];
    for (const [over, msg, field] of cases) {
      const r = await t.post(
        `${OP}/add`,
        { row: newOperator({ name: '不该写入', user_name: 'nobody1', ...over }) },
        admin,
      );
      expect(r.body, msg).toMatchObject({ code: Code.validation, msg, data: { field } });
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps the operator screens to the platform: an operator or a company is refused', async () => {
    const property = await t.login('property');
    for (const token of [operator, property]) {
      expect((await t.post(`${OP}/list`, {}, token)).body.code).toBe(Code.forbidden);
      expect((await t.post(`${OP}/add`, { row: newOperator({ user_name: 'nobody2' }) }, token)).body.code).toBe(
        Code.forbidden,
      );
    }
  });

  it('a first login must change its password before anything else, then works', async () => {
    const login = await loginAs('operator', 'xihuop', 'Xihu_2026');
    expect(login.code, login.msg).toBe(0);
    expect(login.data.mustChangePassword).toBe(true);
    const token = login.data.token;
    const refused = await t.post(`${TN}/list`, {}, token);
    expect(refused.body).toMatchObject({ code: Code.mustChangePassword, msg: '首次登录请先修改密码' });
    const info = await t.post<{ mustChangePassword: boolean }>('/Passport/User/Info/getUser', {}, token);
    expect(info.body.data.mustChangePassword).toBe(true);
    const changed = await t.post(
      '/Passport/User/Info/edit',
      { name: '陈经理', old_password: 'Xihu_2026', user_password: 'Xihu_2027', re_password: 'Xihu_2027' },
      token,
    );
    expect(changed.body.code, changed.body.msg).toBe(0);
    // the same session goes on at once
    const list = await t.post<{ records: unknown[] }>(`${TN}/list`, {}, token);
    expect(list.body.code, list.body.msg).toBe(0);
    expect(list.body.data.records).toEqual([]);
    const u = await t.one<{ m: boolean }>(sql`select must_change_password as m from users where user_name = 'xihuop'`);
    expect(u.m).toBe(false);
  });

  it('an operator adds a company with its super administrator, template roles and plan services', async () => {
    const token = (await loginAs('operator', 'xihuop', 'Xihu_2027')).data.token;
    const svc = await t.post<{ value: number; label: string }[]>(`${TN}/serviceOptions`, {}, token);
    expect(svc.body.code, svc.body.msg).toBe(0);
    expect(svc.body.data.length).toBeGreaterThan(0);
    const picked = svc.body.data.slice(0, 2).map((s) => s.value);
    const r = await t.post<{ id: number }>(
      `${TN}/add`,
      {
        row: {
          name: '西湖物业有限公司',
          contact: '吴总',
          phone: '13822223333',
          start_date: '2026-01-01',
          service_expire: '2026-12-31',
          service_ids: picked,
          status: 1,
          user_name: 'xihuwy',
          user_password: 'Xihu_2026',
        },
      },
      token,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    const id = r.body.data.id;
    const row = await t.one<{ operator_id: number }>(sql`select operator_id from tenants where id = ${id}`);
    const me = await t.one<{ id: number }>(sql`select id from operators where name = '西湖社区运营有限公司'`);
    expect(row.operator_id).toBe(me.id);
    const ts = await t.rows<{ service_id: number; end_date: string }>(
      sql`select service_id, end_date::text from tenant_services where tenant_id = ${id} order by service_id`,
    );
    expect(ts).toEqual(picked.sort((a, b) => a - b).map((s) => ({ service_id: s, end_date: '2026-12-31' })));
    const u = await t.one<{ kind: string; is_super: boolean; m: boolean }>(
      sql`select kind, is_super, must_change_password as m from users where user_name = 'xihuwy' and tenant_id = ${id}`,
    );
    expect(u).toEqual({ kind: 'web', is_super: true, m: true });
    const templates = await t.one<{ n: number }>(
      sql`select count(*)::int as n from roles where template = 'web' and tenant_id is null`,
    );
    const copies = await t.one<{ n: number }>(sql`select count(*)::int as n from roles where tenant_id = ${id}`);
    expect(templates.n).toBeGreaterThan(0);
    expect(copies.n).toBe(templates.n);
    // the platform's edit moves every service's end with the subscription (the operator may not move it)
    const e = await t.post(`${TN}/edit`, { id, row: { service_expire: '2027-03-31' } }, admin);
    expect(e.body.code, e.body.msg).toBe(0);
    const ends = await t.rows<{ d: string }>(
      sql`select distinct end_date::text as d from tenant_services where tenant_id = ${id}`,
    );
    expect(ends).toEqual([{ d: '2027-03-31' }]);
    // a service renewed on its own keeps its end when the form is saved again without moving the subscription
    await t.db.execute(
      sql`update tenant_services set end_date = '2028-01-01' where tenant_id = ${id} and service_id = ${picked[0]!}`,
    );
    const again = await t.post(
      `${TN}/edit`,
      { id, row: { phone: '13822224444', service_expire: '2027-03-31', service_ids: picked } },
      token,
    );
    expect(again.body.code, again.body.msg).toBe(0);
    const kept = await t.one<{ d: string }>(
      sql`select end_date::text as d from tenant_services where tenant_id = ${id} and service_id = ${picked[0]!}`,
    );
    expect(kept.d).toBe('2028-01-01');
    // the list of this operator is its company only; the demo operator does not see it
    const mine = await t.post<{ records: { name: string; service_ids: number[] }[] }>(`${TN}/list`, {}, token);
    expect(mine.body.data.records.map((x) => x.name)).toEqual(['西湖物业有限公司']);
    const demoOp = await t.post<{ records: { name: string }[] }>(`${TN}/list`, { size: 100 }, operator);
    expect(demoOp.body.data.records.map((x) => x.name)).not.toContain('西湖物业有限公司');
    expect((await t.post(`${TN}/detail`, { id }, operator)).body.code).toBe(Code.notFound);
  });

  it('refuses a duplicate company login and a service outside the plan, writing nothing', async () => {
    const [plan] = await t.rows<{ id: number }>(
      sql`select id from services where code <> 'platform' order by id limit 1`,
    );
    const [other] = await t.rows<{ id: number }>(
      sql`select id from services where code <> 'platform' and id <> ${plan!.id} order by id limit 1`,
    );
    await t.db.execute(
      sql`update operators set service_ids = ${`{${plan!.id}}`}::int[] where name = '西湖社区运营有限公司'`,
    );
    const token = (await loginAs('operator', 'xihuop', 'Xihu_2027')).data.token;
    const before = await counts();
    const row = { name: '不该写入', contact: '某人', phone: '13800001111', status: 1, user_password: 'Abc_2026' };
    const dup = await t.post(`${TN}/add`, { row: { ...row, user_name: 'property' } }, token);
    expect(dup.body).toMatchObject({ code: Code.validation, msg: '登录账号已存在', data: { field: 'user_name' } });
    const outside = await t.post(
      `${TN}/add`,
      { row: { ...row, user_name: 'fresh01', service_ids: [other!.id] } },
      token,
    );
    expect(outside.body).toMatchObject({ code: Code.validation, data: { field: 'service_ids' } });
    expect(await counts()).toEqual(before);
  });

  it('a company’s 联系电话 is a mobile or a landline with its area code, on add and on edit', async () => {
    const before = await counts();
    const row = { name: '电话校验物业', contact: '某人', status: 1, user_name: 'phonewy', user_password: 'Phone_2026' };
    for (const phone of [
      '12345678901',
      '1381234567',
      '138123456789',
      '88886666',
      '0571-8888',
      'abc',
      '+8613812345678',
    ]) {
      const r = await t.post(`${TN}/add`, { row: { ...row, phone } }, admin);
      expect(r.body, phone).toMatchObject({ code: Code.validation, data: { field: 'phone' } });
      expect(r.body.msg, phone).toContain('联系电话');
    }
    expect(await counts()).toEqual(before);
    const ok = await t.post<{ id: number }>(`${TN}/add`, { row: { ...row, phone: '0571-88886666' } }, admin);
    expect(ok.body.code, ok.body.msg).toBe(0);
    const bad = await t.post(`${TN}/edit`, { id: ok.body.data.id, row: { phone: '0571-888' } }, admin);
    expect(bad.body).toMatchObject({ code: Code.validation, data: { field: 'phone' } });
    const mobile = await t.post(`${TN}/edit`, { id: ok.body.data.id, row: { phone: '19912345678' } }, admin);
    expect(mobile.body.code, mobile.body.msg).toBe(0);
  });

  it('a disabled operator cannot log in and its sessions end; its companies keep working', async () => {
    const session = (await loginAs('operator', 'xihuop', 'Xihu_2027')).data.token;
    const wy = (await loginAs('web', 'xihuwy', 'Xihu_2026')).data.token;
    const [{ id }] = await t.rows<{ id: number }>(sql`select id from operators where name = '西湖社区运营有限公司'`);
    const r = await t.post(`${OP}/edit`, { id, row: { status: 2 } }, admin);
    expect(r.body.code, r.body.msg).toBe(0);
    expect((await t.post(`${TN}/list`, {}, session)).body.code).toBe(Code.tokenInvalid);
    const again = await loginAs('operator', 'xihuop', 'Xihu_2027');
    expect(again).toMatchObject({ code: Code.disabled, msg: '所属运营商已停用，请联系平台' });
    // the company's own login still works
    const web = await t.post<{ name: string }>('/Passport/User/Info/getUser', {}, wy);
    expect(web.body.code, web.body.msg).toBe(0);
    // the platform disables the company: its sessions end and its people cannot log in
    const [tenant] = await t.rows<{ id: number }>(sql`select id from tenants where name = '西湖物业有限公司'`);
    expect((await t.post(`${TN}/edit`, { id: tenant!.id, row: { status: 2 } }, admin)).body.code).toBe(0);
    expect((await t.post('/Passport/User/Info/getUser', {}, wy)).body.code).toBe(Code.tokenInvalid);
    expect(await loginAs('web', 'xihuwy', 'Xihu_2026')).toMatchObject({
      code: Code.disabled,
      msg: '所属物业公司已停用，请联系运营商',
    });
  });
});
