import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ScreenConfig } from '@5a/contracts';
import { formatDate } from '../../../core/time.ts';
import { setupApp, type TestApp } from '../../../test/harness.ts';

const day = (n: number) => formatDate(new Date(Date.now() + n * 86_400_000));
/** a date string `years` later, as PostgreSQL's date + interval moves it (29 Feb falls back to 28) */
const plusYears = (d: string, years: number) => {
  const [y, md] = [Number(d.slice(0, 4)) + years, d.slice(5)];
  return `${y}-${md === '02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? '02-28' : md}`;
};

const B = '/Sys/CarrierOperator';
type Moved = { moved: { id: number; name: string; expire: string }[] };

let t: TestApp;
let admin: string, operator: string, property: string;
let huimin: number, kangju: number, south: number, southOp: number, southVillage: number, huiminVillage: number;

const idOf = async (table: 'tenants' | 'operators' | 'villages', name: string) =>
  (await t.one<{ id: number }>(sql`select id from ${sql.identifier(table)} where name = ${name}`)).id;
const tenantEnd = async (id: number) =>
  (await t.one<{ e: string | null }>(sql`select service_expire::text as e from tenants where id = ${id}`)).e;
const counts = () =>
  t.one<{ orders: number; changes: number }>(
    sql`select (select count(*)::int from service_orders) as orders, (select count(*)::int from expiry_changes) as changes`,
  );
const setTenantEnd = (id: number, end: string | null) =>
  t.db.execute(sql`update tenants set service_expire = ${end}::date where id = ${id}`);

beforeAll(async () => {
  t = await setupApp();
  [admin, operator, property] = await Promise.all([t.login('admin'), t.login('operator'), t.login('property')]);
  [huimin, kangju, southOp] = await Promise.all([
    idOf('tenants', '惠民物业服务有限公司'),
    idOf('tenants', '康居物业管理有限公司'),
    idOf('operators', '华南社区运营服务有限公司'),
  ]);
  huiminVillage = await idOf('villages', '惠民家园');
  // a company of the other operator, about to expire, with a village: the demo operator may touch neither
  [{ id: south }] = await t.rows<{
    id: number;
  }>(sql`insert into tenants (operator_id, name, contact, phone, service_expire)
    values (${southOp}, '南方物业有限公司', '林总', '13700009999', ${day(3)}) returning id`);
  [{ id: southVillage }] = await t.rows<{ id: number }>(
    sql`insert into villages (tenant_id, name, region_code) values (${south}, '南方花园', '440106') returning id`,
  );
});
afterAll(() => t.close());

const dialogsOf = async (screen: string, token: string) =>
  (await t.post<ScreenConfig>(`${B}/${screen}/listConfig`, {}, token)).body.data.toolbar
    .filter((b) => b.type === 'dialog')
    .map((b) => b.dialog);

describe('the expiry lists’ 续费 / 延期', () => {
  it('puts the buttons each caller may use on the lists', async () => {
    expect(await dialogsOf('ExpireTenant', admin)).toEqual(['expireTenantRenew', 'expireTenantExtend']);
    expect(await dialogsOf('ExpireOperator', admin)).toEqual(['expireOperatorRenew', 'expireOperatorExtend']);
    expect(await dialogsOf('ExpireVillage', admin)).toEqual(['expireVillageExtend']);
    // an operator renews its companies and extends their villages, never extends a company
    expect(await dialogsOf('ExpireTenant', operator)).toEqual(['expireTenantRenew']);
    expect(await dialogsOf('ExpireVillage', operator)).toEqual(['expireVillageExtend']);
  });

  it('延期 of companies (platform): from the end, or from yesterday once lapsed; logged with its reason', async () => {
    await setTenantEnd(huimin, day(5));
    await setTenantEnd(kangju, day(-10));
    const r = await t.post<Moved>(
      `${B}/ExpireTenant/extend`,
      { ids: `${huimin},${kangju}`, days: 30, reason: '疫情期间停业补偿' },
      admin,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.msg).toContain(`惠民物业服务有限公司到期日期为${day(35)}`);
    expect(Object.fromEntries(r.body.data.moved.map((m) => [m.id, m.expire]))).toEqual({
      [huimin]: day(35),
      [kangju]: day(29),
    });
    expect(await tenantEnd(huimin)).toBe(day(35));
    expect(await tenantEnd(kangju)).toBe(day(29));
    const log = await t.rows<Record<string, unknown>>(sql`select kind, target_id, action, days, from_date::text as f,
      to_date::text as to, reason, user_kind, user_name from expiry_changes where kind = 'tenant' order by target_id`);
    expect(log).toEqual(
      [
        { target_id: huimin, f: day(5), to: day(35) },
        { target_id: kangju, f: day(-10), to: day(29) },
      ]
        .sort((a, b) => a.target_id - b.target_id)
        .map((x) => ({
          kind: 'tenant',
          action: 'extend',
          days: 30,
          reason: '疫情期间停业补偿',
          user_kind: 'sys',
          user_name: '平台管理员',
          ...x,
        })),
    );
    // 惠民 now ends beyond the 30 days the list shows; 康居 is still listed
    const names = (await t.post<{ records: { name: string }[] }>(`${B}/ExpireTenant/list`, {}, admin)).body.data
      .records;
    expect(names.map((n) => n.name)).toContain('康居物业管理有限公司');
    expect(names.map((n) => n.name)).not.toContain('惠民物业服务有限公司');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    await setTenantEnd(huimin, day(5));
    const before = await counts();
    const cases: [string, Record<string, unknown>, string][] = [
      ['extend', { ids: huimin, days: 0, reason: 'x' }, '延期天数'],
      ['extend', { ids: huimin, days: 366, reason: 'x' }, '延期天数'],
      ['extend', { ids: huimin, days: 'abc', reason: 'x' }, '延期天数'],
      ['extend', { ids: huimin, days: 1.5, reason: 'x' }, '延期天数'],
      ['extend', { ids: huimin, days: 10 }, '延期原因'],
      ['extend', { ids: huimin, days: 10, reason: '   ' }, '延期原因'],
      ['extend', { ids: '', days: 10, reason: 'x' }, '您还未选择数据'],
      ['renew', { ids: huimin, years: 6, pay_method: 2 }, '续费年限'],
      ['renew', { ids: huimin, years: 0, pay_method: 2 }, '续费年限'],
      ['renew', { ids: huimin, years: 1 }, '支付方式'],
      ['renew', { ids: huimin, years: 1, pay_method: 4 }, '支付方式'],
      ['renew', { ids: huimin, years: 1, pay_method: 2, remark: 'x'.repeat(101) }, '备注'],
    ];
    for (const [action, body, field] of cases) {
      const r = await t.post(`${B}/ExpireTenant/${action}`, body, admin);
      expect(r.body.code, JSON.stringify(body)).toBe(Code.validation);
      expect(r.body.msg, JSON.stringify(body)).toContain(field);
    }
    const r = await t.post(`${B}/ExpireTenant/renew`, { ids: huimin, years: 1, pay_method: 2, money: '1.00' }, admin);
    expect(r.body.msg).toBe('服务价格已变更，请刷新页面后重试');
    const longTerm = await idOf('tenants', '阳光物业服务有限公司');
    const before2 = await tenantEnd(longTerm);
    await setTenantEnd(longTerm, null);
    const lt = await t.post(`${B}/ExpireTenant/extend`, { ids: [huimin, longTerm], days: 5, reason: 'x' }, admin);
    expect(lt.body.msg).toBe('阳光物业服务有限公司长期有效，无需延期');
    await setTenantEnd(longTerm, before2);
    expect(await tenantEnd(huimin)).toBe(day(5));
    expect(await counts()).toEqual(before);
  });

  it('线下续费 by the operator: moves the end as settlement does and writes a paid order with its share', async () => {
    await setTenantEnd(huimin, day(5));
    await setTenantEnd(kangju, day(-10));
    const { price } = await t.one<{ price: number }>(sql`select price from services where code = 'platform'`);
    const shown = await t.post<{ price: string }>(`${B}/ExpireTenant/renewPrice`, {}, operator);
    expect(shown.body.data.price).toBe((price / 100).toFixed(2));
    const r = await t.post<Moved>(
      `${B}/ExpireTenant/renew`,
      { ids: [huimin, kangju], years: 2, pay_method: 6, money: ((price * 2) / 100).toFixed(2), remark: '对公转账' },
      operator,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.msg).toMatch(/^续费成功：/);
    expect(await tenantEnd(huimin)).toBe(plusYears(day(5), 2));
    expect(await tenantEnd(kangju)).toBe(plusYears(day(-1), 2));
    const orders = await t.rows<Record<string, unknown>>(sql`select tenant_id, years, amount::int, pay_method, state,
      provider, end_date::text as end, operator_id, share_amount::int as share, remark, user_name,
      paid_at is not null as paid from service_orders where provider = 'offline' order by tenant_id`);
    const op = await t.one<{ id: number; pct: string }>(
      sql`select id, share_percent::text as pct from operators where name = '华东智慧社区运营中心'`,
    );
    expect(orders).toEqual(
      [
        { tenant_id: huimin, end: plusYears(day(5), 2) },
        { tenant_id: kangju, end: plusYears(day(-1), 2) },
      ]
        .sort((a, b) => a.tenant_id - b.tenant_id)
        .map((x) => ({
          ...x,
          years: 2,
          amount: price * 2,
          pay_method: 6,
          state: 'SUCCESS',
          provider: 'offline',
          operator_id: op.id,
          share: Math.round((price * 2 * Number(op.pct)) / 100),
          remark: '线下续费：对公转账',
          user_name: expect.any(String),
          paid: true,
        })),
    );
    // 续费订单 lists them for the operator, paid
    const list = await t.post<{ records: { tenant_name: string; state: string; years: number }[] }>(
      '/Web/Renewal/RenewalOrder/list',
      { tenant_name: '惠民物业', state: 'SUCCESS' },
      operator,
    );
    expect(list.body.data.records.some((o) => o.years === 2)).toBe(true);
  });

  it('an operator acting on another operator’s rows gets 数据不存在 and nothing changes', async () => {
    await setTenantEnd(huimin, day(5));
    const before = await counts();
    const renew = await t.post(`${B}/ExpireTenant/renew`, { ids: [huimin, south], years: 1, pay_method: 2 }, operator);
    expect(renew.body).toMatchObject({ code: Code.notFound, msg: '数据不存在' });
    const village = await t.post(
      `${B}/ExpireVillage/extend`,
      { ids: [huiminVillage, southVillage], days: 10, reason: '试' },
      operator,
    );
    expect(village.body).toMatchObject({ code: Code.notFound, msg: '数据不存在' });
    // 延期 of a company is the platform's: the operator is refused, whichever company
    for (const ids of [huimin, south]) {
      const r = await t.post(`${B}/ExpireTenant/extend`, { ids, days: 10, reason: '试' }, operator);
      expect(r.body.code).toBe(Code.forbidden);
    }
    for (const action of ['renew', 'extend'])
      expect(
        (await t.post(`${B}/ExpireOperator/${action}`, { ids: southOp, years: 1, days: 1, reason: '试' }, operator))
          .body.code,
      ).toBe(Code.forbidden);
    expect(
      (await t.post(`${B}/ExpireVillage/extend`, { ids: huiminVillage, days: 1, reason: '试' }, property)).body.code,
    ).toBe(Code.forbidden);
    expect(await tenantEnd(huimin)).toBe(day(5));
    expect(await tenantEnd(south)).toBe(day(3));
    expect(await counts()).toEqual(before);
  });

  it('到期运营商: 续费 by years and 延期 by days (platform), logged', async () => {
    await t.db.execute(sql`update operators set expire_date = ${day(12)}::date where id = ${southOp}`);
    // the demo's own 延期记录 come before these
    const { last } = await t.one<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from expiry_changes`);
    const renew = await t.post<Moved>(`${B}/ExpireOperator/renew`, { ids: southOp, years: 1, remark: '续签' }, admin);
    expect(renew.body.code, renew.body.msg).toBe(0);
    expect(renew.body.data.moved).toEqual([
      { id: southOp, name: '华南社区运营服务有限公司', expire: plusYears(day(12), 1) },
    ]);
    await t.db.execute(sql`update operators set expire_date = ${day(-3)}::date where id = ${southOp}`);
    const extend = await t.post<Moved>(
      `${B}/ExpireOperator/extend`,
      { ids: [southOp], days: 7, reason: '合同谈判中' },
      admin,
    );
    expect(extend.body.data.moved[0]!.expire).toBe(day(6));
    const log = await t.rows<
      Record<string, unknown>
    >(sql`select action, years, days, from_date::text as f, to_date::text
      as to, reason, operator_id from expiry_changes where kind = 'operator' and id > ${last} order by id`);
    expect(log).toEqual([
      {
        action: 'renew',
        years: 1,
        days: 0,
        f: day(12),
        to: plusYears(day(12), 1),
        reason: '续签',
        operator_id: southOp,
      },
      { action: 'extend', years: 0, days: 7, f: day(-3), to: day(6), reason: '合同谈判中', operator_id: southOp },
    ]);
  });

  it('到期小区 · 延期: the village gets an end of its own, N days after its effective one', async () => {
    await setTenantEnd(huimin, day(5));
    await t.db.execute(sql`update villages set expire_date = null where id = ${huiminVillage}`);
    const r = await t.post<Moved>(
      `${B}/ExpireVillage/extend`,
      { ids: huiminVillage, days: 10, reason: '等待物业续费' },
      operator,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.moved).toEqual([{ id: huiminVillage, name: '惠民家园', expire: day(15) }]);
    // its own end now; the company's is untouched
    expect(await tenantEnd(huimin)).toBe(day(5));
    const log = await t.one<Record<string, unknown>>(sql`select from_date::text as f, to_date::text as to, user_kind,
      operator_id from expiry_changes where kind = 'village' and target_id = ${huiminVillage}`);
    expect(log).toMatchObject({ f: day(5), to: day(15), user_kind: 'operator' });
    // the platform reaches any operator's village
    const south = await t.post<Moved>(`${B}/ExpireVillage/extend`, { ids: southVillage, days: 1, reason: '试' }, admin);
    expect(south.body.data.moved[0]!.expire).toBe(day(4));
  });

  it('延期记录 shows the platform every move and an operator the moves of its own', async () => {
    type Log = { records: { target_name: string; change: string; kind: string }[] };
    const all = (await t.post<Log>(`${B}/ExpiryChange/list`, { size: 100 }, admin)).body.data.records;
    expect(all.map((r) => r.target_name)).toEqual(expect.arrayContaining(['南方花园', '华南社区运营服务有限公司']));
    expect(all.find((r) => r.kind === 'operator')?.change).toMatch(/^(续费1年|延期7天)$/);
    const own = (await t.post<Log>(`${B}/ExpiryChange/list`, { size: 100 }, operator)).body.data.records;
    expect(own.map((r) => r.target_name)).toContain('惠民家园');
    expect(own.map((r) => r.target_name)).not.toContain('南方花园');
    expect(own.map((r) => r.target_name)).not.toContain('华南社区运营服务有限公司');
    expect((await t.post(`${B}/ExpiryChange/list`, {}, property)).body.code).toBe(Code.forbidden);
  });
});
