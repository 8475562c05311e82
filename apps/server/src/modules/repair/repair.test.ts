import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { createServiceBill } from '../fees/index.ts';
import { loginWithRole } from '../estate/testing.ts';
import { raiseOverdueAlert } from './alerts.ts';
import { checkOverdue, type OverdueOrder } from './overdue.ts';

const B = '/Web/Repair/RepairManagement';
type Order = { id: number; village_id: number; status: number };

describe('repair work orders', () => {
  let t: TestApp;
  let property: string;
  let staff: string;
  let propertyb: string;
  let jade: string;
  let zhang: number;
  let li: number;
  let village1: number;
  const future = () => new Date(Date.now() + 86400_000).toISOString().replace('T', ' ').slice(0, 19);

  beforeAll(async () => {
    t = await setupApp();
    [property, staff, propertyb, jade] = await Promise.all([
      t.login('property'),
      t.login('staff'),
      t.login('propertyb'),
      t.login('jadeonly'),
    ]);
    const v = await t.one<{ id: number }>(sql`select id from villages where name = '阳光花园'`);
    village1 = v.id;
    zhang = (
      await t.one<{ id: number }>(
        sql`select w.id from workers w join users u on u.id = w.user_id where u.user_name = 'staff' and w.village_id = ${village1}`,
      )
    ).id;
    li = (await t.one<{ id: number }>(sql`select id from workers where name = '李师傅'`)).id;
  });
  afterAll(() => t.close());

  const report = async (extra: Record<string, unknown> = {}) => {
    const cat = await t.one<{ id: number }>(sql`select id from repair_categories where name = '水电维修'`);
    const r = await t.post<{ id: number }>(
      `${B}/add`,
      {
        row: {
          village_id: village1,
          person_name: '测试住户',
          tel: '13700009999',
          problem: '水管爆裂',
          category_id: cat.id,
          urgency: '2',
          source: '1',
          ...extra,
        },
      },
      property,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    return (await t.one<Order>(sql`select id, village_id, status from repair_orders order by id desc limit 1`)).id;
  };
  const status = async (id: number) =>
    (await t.one<{ status: number }>(sql`select status from repair_orders where id = ${id}`)).status;
  const steps = async (id: number) =>
    await t.rows<{ action: string; from_status: number | null; to_status: number }>(
      sql`select action, from_status, to_status from repair_timeline where order_id = ${id} order by id`,
    );

  it('runs the whole life: report, dispatch, accept, start, complete, visit, close — each step on the timeline', async () => {
    const id = await report();
    expect(await status(id)).toBe(0);
    const d = await t.post(`${B}/dispatch`, { id, personid: zhang, content: '请带管钳', wctime: future() }, property);
    expect(d.body.msg).toBe('派单成功');
    expect((await t.post(`${B}/accept`, { id }, staff)).body.code).toBe(0);
    expect((await t.post(`${B}/start`, { id }, staff)).body.code).toBe(0);
    const c = await t.post(`${B}/complete`, { id, result: '已更换水管' }, staff);
    expect(c.body.code, c.body.msg).toBe(0);
    expect(await status(id)).toBe(5);
    expect((await t.post(`${B}/visit`, { id, rating: 5, comment: '满意' }, property)).body.code).toBe(0);
    expect((await t.post(`${B}/close`, { id }, property)).body.code).toBe(0);
    expect(await status(id)).toBe(7);
    expect((await steps(id)).map((s) => `${s.action}:${s.from_status ?? '-'}>${s.to_status}`)).toEqual([
      '报修:->0',
      '派单:0>1',
      '接单:1>2',
      '开始处理:2>3',
      '完成:3>5',
      '回访:5>6',
      '关闭:6>7',
    ]);
    const detail = await t.post<{ timeline: unknown[]; worker_name: string; rating: number }>(
      `${B}/flow`,
      { id },
      property,
    );
    expect(detail.body.data.timeline).toHaveLength(7);
    expect(detail.body.data.worker_name).toBe('张师傅');
    expect(detail.body.data.rating).toBe(5);
    const engineDetail = await t.post<{ status: number; timeline: { action: string }[] }>(
      `${B}/detail?return=result`,
      { id },
      property,
    );
    expect(engineDetail.body.data.status).toBe(7);
    expect(engineDetail.body.data.timeline.map((s) => s.action)).toEqual([
      '报修',
      '派单',
      '接单',
      '开始处理',
      '完成',
      '回访',
      '关闭',
    ]);
  });

  it('refuses a repeated or stale step with the current state and changes nothing', async () => {
    const id = await report();
    await t.post(`${B}/dispatch`, { id, personid: zhang, content: '去看看', wctime: future() }, property);
    const again = await t.post(`${B}/dispatch`, { id, personid: zhang, content: '再派', wctime: future() }, property);
    expect(again.body.code).not.toBe(0);
    expect(again.body.msg).toContain('已派单');
    expect((await t.post(`${B}/accept`, { id }, staff)).body.code).toBe(0);
    const twice = await t.post(`${B}/accept`, { id }, staff);
    expect(twice.body.msg).toBe('工单当前状态为“已接单”，不能接单，请刷新后重试');
    // completion before start
    const early = await t.post(`${B}/complete`, { id, result: 'x' }, staff);
    expect(early.body.msg).toContain('不能完成');
    expect(await status(id)).toBe(2);
    expect(await steps(id)).toHaveLength(3);
  });

  it('lets only the dispatched worker act; others, other companies and other villages are refused', async () => {
    const id = await report();
    await t.post(`${B}/dispatch`, { id, personid: li, content: '李师傅去', wctime: future() }, property);
    const notMine = await t.post(`${B}/accept`, { id }, staff);
    expect(notMine.body.msg).toContain('未派给您');
    const otherCompany = await t.post(`${B}/flow`, { id }, propertyb);
    expect(otherCompany.body.code).not.toBe(0);
    expect((await t.post(`${B}/cancel`, { id, reason: 'x' }, propertyb)).body.code).not.toBe(0);
    // jadeonly's data scope is 翠湖名苑 only (and no repair rights at all)
    expect((await t.post(`${B}/flow`, { id }, jade)).body.code).not.toBe(0);
    // the staff user has no dispatch right
    expect(
      (await t.post(`${B}/dispatch`, { id, personid: zhang, content: 'x', wctime: future() }, staff)).body.code,
    ).not.toBe(0);
    expect(await status(id)).toBe(1);
  });

  it('names the field of bad input and writes nothing', async () => {
    const id = await report();
    const bForeign = await t.one<{ id: number }>(sql`select id from workers where name = '孙师傅'`);
    expect(
      (await t.post(`${B}/dispatch`, { id, personid: bForeign.id, content: 'x', wctime: future() }, property)).body.msg,
    ).toBe('维修人员不存在或不属于该工单的小区');
    expect(
      (await t.post(`${B}/dispatch`, { id, personid: zhang, content: '  ', wctime: future() }, property)).body.msg,
    ).toBe('派单内容不能为空');
    expect(
      (await t.post(`${B}/dispatch`, { id, personid: zhang, content: 'x', wctime: 'tomorrow' }, property)).body.msg,
    ).toContain('要求完成时间');
    expect(await status(id)).toBe(0);
    await t.post(`${B}/dispatch`, { id, personid: zhang, content: 'x', wctime: future() }, property);
    await t.post(`${B}/accept`, { id }, staff);
    await t.post(`${B}/start`, { id }, staff);
    expect((await t.post(`${B}/complete`, { id, result: '' }, staff)).body.msg).toBe('处理结果不能为空');
    expect(
      (await t.post(`${B}/complete`, { id, result: 'ok', result_imgs: 'http://evil.example/x.jpg' }, staff)).body.msg,
    ).toBe('完工照片格式错误');
    expect((await t.post(`${B}/complete`, { id, result: 'ok' }, staff)).body.code).toBe(0);
    expect((await t.post(`${B}/visit`, { id, rating: 6 }, property)).body.msg).toBe('评分须为1到5的整数');
    expect((await t.post(`${B}/visit`, { id, rating: 0 }, property)).body.msg).toBe('评分须为1到5的整数');
    expect(await status(id)).toBe(5);
    const bad = await t.post(
      `${B}/add`,
      { row: { village_id: village1, person_name: 'x', tel: '13700009999', problem: '', category_id: 1 } },
      property,
    );
    expect(bad.body.msg).toContain('问题描述');
  });

  it("an edit that does not resend the village still checks the house against the order's village", async () => {
    const id = await report();
    const other = await t.one<{ id: number }>(
      sql`select h.id from houses h join villages v on v.id = h.village_id where v.name = '翠湖名苑' limit 1`,
    );
    const r = await t.post(`${B}/edit`, { id, row: { house_id: other.id } }, property);
    expect(r.body.code).not.toBe(0);
    expect(r.body.msg).toContain('房屋');
    expect(
      (await t.one<{ house_id: number | null }>(sql`select house_id from repair_orders where id = ${id}`)).house_id,
    ).toBeNull();
  });

  it('a paid order makes one bill and completes only when paid or waived with a reason', async () => {
    const svc = await t.one<{ id: number }>(sql`select id from paid_services where name = '更换灯具'`);
    const house = await t.one<{ id: number }>(
      sql`select id from houses where village_id = ${village1} order by id limit 1`,
    );
    const id = await report({ paid_service_id: svc.id, house_id: house.id });
    await t.post(`${B}/dispatch`, { id, personid: zhang, content: '换灯', wctime: future() }, property);
    await t.post(`${B}/accept`, { id }, staff);
    await t.post(`${B}/start`, { id }, staff);
    const done = await t.post<{ bill_id: number }>(
      `${B}/complete`,
      { id, result: '已更换', material_cost: '12.50', labour_cost: 5 },
      staff,
    );
    expect(done.body.code, done.body.msg).toBe(0);
    expect(await status(id)).toBe(4);
    const bills = await t.rows<{ id: number; amount: number; status: number }>(
      sql`select id, amount, status from bills where work_order_id = ${id}`,
    );
    expect(bills).toEqual([{ id: done.body.data.bill_id, amount: 3000 + 1250 + 500, status: 1 }]);
    // completion waits for the bill
    expect((await t.post(`${B}/settle`, { id }, property)).body.msg).toBe('账单尚未缴费，不能确认完成');
    expect((await t.post(`${B}/waive`, { id, reason: '' }, property)).body.msg).toBe('原因不能为空');
    await t.rows(
      sql`update bills set status = 2, paid_amount = amount, paid_at = now() where id = ${done.body.data.bill_id}`,
    );
    expect((await t.post(`${B}/waive`, { id, reason: '老人户' }, property)).body.msg).toBe('账单已缴费，请确认收款');
    expect((await t.post(`${B}/settle`, { id }, property)).body.code).toBe(0);
    expect(await status(id)).toBe(5);
    expect(await t.rows(sql`select id from bills where work_order_id = ${id}`)).toHaveLength(1);
  });

  it('a waived paid order drops its unpaid bill and completes', async () => {
    const svc = await t.one<{ id: number }>(sql`select id from paid_services where name = '疏通下水道'`);
    const house = await t.one<{ id: number }>(
      sql`select id from houses where village_id = ${village1} order by id limit 1 offset 1`,
    );
    const id = await report({ paid_service_id: svc.id, house_id: house.id });
    await t.post(`${B}/dispatch`, { id, personid: zhang, content: '疏通', wctime: future() }, property);
    await t.post(`${B}/accept`, { id }, staff);
    await t.post(`${B}/start`, { id }, staff);
    await t.post(`${B}/complete`, { id, result: '已疏通' }, staff);
    expect((await t.post(`${B}/waive`, { id, reason: '保修期内免费' }, property)).body.code).toBe(0);
    expect(await status(id)).toBe(5);
    expect(await t.rows(sql`select id from bills where work_order_id = ${id}`)).toHaveLength(0);
    expect(
      (await t.one<{ waive_reason: string }>(sql`select waive_reason from repair_orders where id = ${id}`))
        .waive_reason,
    ).toBe('保修期内免费');
  });

  it('cancels and re-dispatches from the open states only', async () => {
    const id = await report();
    await t.post(`${B}/dispatch`, { id, personid: zhang, content: 'x', wctime: future() }, property);
    await t.post(`${B}/accept`, { id }, staff);
    expect(
      (await t.post(`${B}/redispatch`, { id, personid: li, content: '改派李师傅', wctime: future() }, property)).body
        .code,
    ).toBe(0);
    expect(await status(id)).toBe(1);
    expect((await t.post(`${B}/cancel`, { id, reason: '住户取消' }, property)).body.code).toBe(0);
    expect((await t.post(`${B}/cancel`, { id, reason: '住户取消' }, property)).body.msg).toContain('已取消');
  });

  it('shows the staff user his own orders first, and nobody else’s under 我的工单', async () => {
    const cfg = await t.post<{ tabs: { key: string }[] }>(`${B}/listConfig`, {}, staff);
    expect(cfg.body.data.tabs[0]!.key).toBe('mine');
    const prop = await t.post<{ tabs: { key: string }[] }>(`${B}/listConfig`, {}, property);
    expect(prop.body.data.tabs.map((x) => x.key)).not.toContain('mine');
    const mine = await t.post<{ records: { worker_user_id: number }[] }>(
      `${B}/list?tab_type=mine`,
      { size: 100 },
      staff,
    );
    expect(mine.body.code, mine.body.msg).toBe(0);
    const staffId = (await t.one<{ id: number }>(sql`select id from users where user_name = 'staff'`)).id;
    expect(mine.body.data.records.length).toBeGreaterThan(0);
    expect(mine.body.data.records.every((r) => r.worker_user_id === staffId)).toBe(true);
    const bList = await t.post<{ records: { village_id: number }[] }>(`${B}/list`, { size: 100 }, propertyb);
    expect(bList.body.data.records.some((r) => r.village_id === village1)).toBe(false);
  });

  it('raises one alert per overdue order as the clock passes its deadline, and none before', async () => {
    const id = await report();
    const created = (await t.one<{ created_at: string }>(sql`select created_at from repair_orders where id = ${id}`))
      .created_at;
    const base = new Date(created).getTime();
    const raised: OverdueOrder[] = [];
    const raise = async (_db: unknown, o: OverdueOrder) => {
      raised.push(o);
    };
    // 水电维修 answers within 30 minutes
    await checkOverdue(t.db, new Date(base + 29 * 60_000), raise);
    expect(raised.filter((o) => o.id === id)).toHaveLength(0);
    await checkOverdue(t.db, new Date(base + 31 * 60_000), raise);
    expect(raised.filter((o) => o.id === id)).toHaveLength(1);
    expect(raised.find((o) => o.id === id)!.leftSeconds).toBeLessThan(0);
    await checkOverdue(t.db, new Date(base + 40 * 60_000), raise);
    expect(raised.filter((o) => o.id === id)).toHaveLength(1);
    const list = await t.post<{ records: { id: number; sla_left: number }[] }>(
      `${B}/list?tab_type=pending`,
      { size: 5 },
      property,
    );
    expect(typeof list.body.data.records.find((r) => r.id === id)?.sla_left).toBe('number');
  });

  it('an overdue order becomes one abnormal alert of its village', async () => {
    const id = await report();
    const created = (await t.one<{ created_at: string }>(sql`select created_at from repair_orders where id = ${id}`))
      .created_at;
    const late = new Date(new Date(created).getTime() + 5 * 3600_000);
    await checkOverdue(t.db, late, raiseOverdueAlert);
    await checkOverdue(t.db, new Date(late.getTime() + 3600_000), raiseOverdueAlert);
    const alerts = await t.rows<{ village_id: number; title: string }>(
      sql`select village_id, title from abnormal_alerts where source = 'repair_order' and source_id = ${String(id)}`,
    );
    expect(alerts).toEqual([{ village_id: village1, title: `工单 #${id} 已超时` }]);
  });

  it('links a worker to a login of the same company only', async () => {
    const bUser = (await t.one<{ id: number }>(sql`select id from users where user_name = 'propertyb'`)).id;
    const row = { village_id: village1, name: '王师傅', phone: '13857100099', status: '1' };
    const foreign = await t.post('/Web/Basic/Worker/add', { row: { ...row, user_id: bUser } }, property);
    expect(foreign.body.msg).toBe('登录账号不存在');
    const own = (await t.one<{ id: number }>(sql`select id from users where user_name = 'useradmin'`)).id;
    expect((await t.post('/Web/Basic/Worker/add', { row: { ...row, user_id: own } }, property)).body.code).toBe(0);
    expect(await t.rows(sql`select name from workers where user_id = ${own}`)).toEqual([{ name: '王师傅' }]);
  });

  it('keeps a dispatcher to the villages of his role', async () => {
    const jadeVillage = (await t.one<{ id: number }>(sql`select id from villages where name = '翠湖名苑'`)).id;
    const d = await loginWithRole(t, 'r-jade', {
      pages: ['RepairManagement'],
      buttons: ['RepairManagement:dispatch'],
      villages: [jadeVillage],
    });
    const list = await t.post<{ records: { village_id: number }[]; total: number }>(
      `${B}/list`,
      { size: 100 },
      d.token,
    );
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(list.body.data.records.every((r) => r.village_id === jadeVillage)).toBe(true);
    const sunny = await report();
    expect((await t.post(`${B}/flow`, { id: sunny }, d.token)).body.msg).toBe('工单不存在');
    expect(
      (await t.post(`${B}/dispatch`, { id: sunny, personid: zhang, content: 'x', wctime: future() }, d.token)).body.msg,
    ).toBe('工单不存在');
    expect(await status(sunny)).toBe(0);
  });

  it('makes one service bill per work order, however often asked', async () => {
    const house = await t.one<{ id: number; tenant_id: number }>(
      sql`select id, tenant_id from houses where village_id = ${village1} order by id limit 1 offset 2`,
    );
    const input = {
      tenantId: house.tenant_id,
      villageId: village1,
      houseId: house.id,
      workOrderId: 990001,
      date: '2026-05-01',
      name: '有偿服务-测试',
      amount: 1234,
      formula: '',
    };
    const [a, b] = await t.db.transaction(async (tx) => [
      await createServiceBill(tx, input),
      await createServiceBill(tx, input),
    ]);
    expect(a!.created).toBe(true);
    expect(b).toEqual({ id: a!.id, created: false });
    // another order of the same house, service and day is its own bill
    const c = await t.db.transaction((tx) => createServiceBill(tx, { ...input, workOrderId: 990002 }));
    expect(c.created).toBe(true);
    expect(await t.rows(sql`select id from bills where work_order_id in (990001, 990002)`)).toHaveLength(2);
  });
});
