import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/harness.ts';

const E = '/Web/Repair/ReportThings';

describe('event reports', () => {
  let t: TestApp;
  let property: string;
  let staff: string;
  let propertyb: string;
  const num = async (token: string) =>
    (await t.post<{ num: number }>(`${E}/getReportNumData`, {}, token)).body.data.num;
  const unread = async (tenant: 'A' | 'B', villages?: number[]) =>
    (
      await t.one<{ n: number }>(
        sql`select count(*)::int as n from report_things r join tenants te on te.id = r.tenant_id where not r.is_read and te.name ${tenant === 'A' ? sql`<>` : sql`=`} '安居物业管理有限公司' ${villages ? sql`and r.village_id = any(${`{${villages.join(',')}}`}::int[])` : sql``}`,
      )
    ).n;
  const firstOpen = async (village: string) =>
    (
      await t.one<{ id: number }>(
        sql`select r.id from report_things r join villages v on v.id = r.village_id where v.name = ${village} and r.status = 0 order by r.id limit 1`,
      )
    ).id;

  beforeAll(async () => {
    t = await setupApp();
    [property, staff, propertyb] = await Promise.all([t.login('property'), t.login('staff'), t.login('propertyb')]);
  });
  afterAll(() => t.close());

  it('counts the unread reports of the caller’s company and villages for the bell', async () => {
    expect(await num(property)).toBe(await unread('A'));
    expect(await num(propertyb)).toBe(await unread('B'));
    expect(await num(property)).toBeGreaterThan(0);
  });

  it('turns a pending report into one work order (source 事件上报) with its timeline, and refuses a second time', async () => {
    const id = await firstOpen('阳光花园');
    const r = await t.post<{ order_id: number }>(`${E}/toOrder`, { id }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    const order = await t.one<{ source: number; status: number; event_id: number }>(
      sql`select source, status, event_id from repair_orders where id = ${r.body.data.order_id}`,
    );
    expect(order).toEqual({ source: 3, status: 0, event_id: id });
    expect((await t.rows(sql`select id from repair_timeline where order_id = ${r.body.data.order_id}`)).length).toBe(1);
    const again = await t.post(`${E}/toOrder`, { id }, property);
    expect(again.body.msg).toBe('该事件已转工单，不能转工单');
    expect(await t.rows(sql`select id from repair_orders where event_id = ${id}`)).toHaveLength(1);
  });

  it('answers or closes a pending report once; an empty answer names the field', async () => {
    const id = await firstOpen('翠湖名苑');
    expect((await t.post(`${E}/answer`, { id, reason: ' ' }, property)).body.msg).toBe('答复内容不能为空');
    expect((await t.post(`${E}/answer`, { id, reason: '已安排电工明早处理' }, property)).body.msg).toBe('答复成功');
    expect(await t.one(sql`select status, answer, is_read from report_things where id = ${id}`)).toEqual({
      status: 2,
      answer: '已安排电工明早处理',
      is_read: true,
    });
    expect((await t.post(`${E}/close`, { id }, property)).body.msg).toBe('该事件已答复，不能关闭');
  });

  it('keeps other companies’ reports out of reach', async () => {
    const bId = (
      await t.one<{ id: number }>(
        sql`select r.id from report_things r join villages v on v.id = r.village_id where v.name = '安居小区' order by r.id limit 1`,
      )
    ).id;
    expect((await t.post(`${E}/toOrder`, { id: bId }, property)).body.code).not.toBe(0);
    expect((await t.post(`${E}/answer`, { id: bId, reason: 'x' }, property)).body.code).not.toBe(0);
    expect((await t.post(`${E}/markRead`, { ids: [bId] }, property)).body.data).toEqual({ count: 0 });
    expect((await t.one<{ status: number }>(sql`select status from report_things where id = ${bId}`)).status).toBe(0);
  });

  it('marks the chosen reports read (标记成功), and opening the bell reads the rest of the caller’s villages only', async () => {
    const before = await num(property);
    const [one] = await t.rows<{ id: number }>(
      sql`select r.id from report_things r join villages v on v.id = r.village_id where v.name = '阳光花园' and not r.is_read order by r.id limit 1`,
    );
    const r = await t.post<{ count: number }>(`${E}/markRead`, { ids: [one!.id] }, property);
    expect(r.body.msg).toBe('标记成功');
    expect(await num(property)).toBe(before - 1);
    const bBefore = await num(propertyb);
    await t.post(`${E}/markRead`, {}, staff);
    expect(await num(staff)).toBe(0);
    expect(await num(propertyb)).toBe(bBefore);
  });
});
