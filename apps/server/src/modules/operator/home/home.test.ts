import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type CountItem, type OperatorHome } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { seedGuangzhouOperator } from '../../../test/operator-home.ts';

let t: TestApp;
let gz: Awaited<ReturnType<typeof seedGuangzhouOperator>>;
beforeAll(async () => {
  t = await setupApp();
  gz = await seedGuangzhouOperator(t);
});
afterAll(() => t.close());

const home = async (token: string) => (await t.post<OperatorHome>('/Web/Basic/Index/operator', {}, token)).body;
const normal = async (token: string) => {
  const r = await home(token);
  const h = r.data;
  if (!h) throw new Error(`home: ${r.msg}`);
  if (h.super) throw new Error('expected the operator mode');
  return h;
};
const nums = (items: CountItem[]) => Object.fromEntries(items.map((c) => [c.key, c.num]));
const count = async (q: ReturnType<typeof sql>) => Number((await t.one<{ n: string }>(q)).n);

describe('运营首页', () => {
  it('shows an operator the counts, to-dos and companies of its own companies only', async () => {
    const h = await normal(gz.token);
    expect(h.operatorName).toBe('华南测试运营商');
    expect(nums(h.baseItem)).toEqual({ tenants: 3, villages: 3, buildings: 1, houses: 1, persons: 3 });
    expect(nums(h.tasks)).toEqual({
      expireTenant: 2, // 5 days ahead and lapsed 3 days ago
      expireVillage: 3, // the company's 5 days, its own 10 days, the lapsed company's
      unpaidOrder: 1,
      newTenant: 3,
      monthPaid: '360.00',
      monthShare: '72.00',
    });
    expect(h.tasks.find((x) => x.key === 'expireTenant')?.url).toBe('/Sys/CarrierOperator/ExpireTenant/listConfig');
    // soonest expiry first; the lapsed one shows negative days
    expect(h.footer.map((c) => [c.name, c.villages, c.houses, c.owners, c.persons, c.days_left])).toEqual([
      ['白云测试物业', 1, 0, 0, 0, -3],
      ['南粤测试物业', 1, 1, 2, 3, 5],
      ['珠江测试物业', 1, 0, 0, 0, 400],
    ]);
    const titles = h.reminders.map((r) => r.title);
    expect(titles).toContain('物业公司“白云测试物业”已过期3天');
    expect(titles.find((x) => x.startsWith('物业公司“南粤测试物业”将于'))).toMatch(/（剩余5天）$/);
    expect(titles.find((x) => x.startsWith('小区“珠江新苑”'))).toMatch(/（剩余10天）$/);
    expect(titles.find((x) => x.startsWith('运营合同“华南测试运营商”'))).toMatch(/（剩余20天）$/);
    const line = h.lineList.series.find((s) => s.name === '新增物业公司')!;
    expect(h.lineList.months).toHaveLength(12);
    expect(line.data.at(-1)).toBe(3);
    expect(h.iotList.every((i) => i.online === 0 && i.offline === 0)).toBe(true);
  });

  it('gives an operator shortcuts to its own pages, never the platform pages or the home itself', async () => {
    const h = await normal(gz.token);
    const urls = h.modules.map((m) => m.url);
    expect(urls).toContain('/Web/DataAnalysis/Operator/index');
    expect(urls).not.toContain('/Web/Basic/Index/operator');
    expect(urls).not.toContain('/Sys/CarrierOperator/Operator/listConfig');
  });

  it('keeps the demo operator from seeing another operator’s companies', async () => {
    const h = await normal(await t.login('operator'));
    const demoOp = await t.one<{ id: number }>(sql`select operator_id as id from users where user_name = 'operator'`);
    expect(nums(h.baseItem).tenants).toBe(
      await count(sql`select count(*) as n from tenants where operator_id = ${demoOp.id}`),
    );
    expect(nums(h.baseItem).persons).toBe(
      await count(
        sql`select count(*) as n from gate_persons p join tenants t on t.id = p.tenant_id where t.operator_id = ${demoOp.id}`,
      ),
    );
    expect(h.footer.map((c) => c.name)).not.toContain('南粤测试物业');
    expect(h.reminders.map((r) => r.title).join()).not.toContain('测试');
  });

  it('shows the platform everything in super mode, with the operator count', async () => {
    const h = (await home(await t.login('admin'))).data;
    expect(h.super).toBe(true);
    expect(nums(h.baseItem)).toEqual({
      operators: await count(sql`select count(*) as n from operators`),
      tenants: await count(sql`select count(*) as n from tenants`),
      villages: await count(sql`select count(*) as n from villages`),
      buildings: await count(sql`select count(*) as n from buildings`),
      houses: await count(sql`select count(*) as n from houses`),
      persons: await count(sql`select count(*) as n from gate_persons`),
    });
    expect(h).not.toHaveProperty('footer');
    const villages = h.lineList.series.find((s) => s.name === '新增小区')!;
    expect(villages.data.reduce((a, b) => a + b, 0)).toBe(
      await count(
        sql`select count(*) as n from villages where created_at >= date_trunc('month', now() at time zone 'Asia/Shanghai') - interval '11 months'`,
      ),
    );
  });

  it('refuses a property company user', async () => {
    const r = await home(await t.login('property'));
    expect(r.code).toBe(Code.forbidden);
  });
});
