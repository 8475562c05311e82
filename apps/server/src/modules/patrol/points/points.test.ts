import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, Option, ScreenConfig } from '@5a/contracts';
import { demoIds, type DemoIds } from '../../estate/testing.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';
import { setupApp, type TestApp } from '../../../test/harness.ts';

const B = '/Web/Internet/IntellPoint';
type Point = { id: number; village_id: number; name: string; point_no: string; state: number };

describe('patrol points (巡更点位)', () => {
  let t: TestApp;
  let property: string;
  let propertyb: string;
  let jade: string;
  let ids: DemoIds;

  const add = (row: Record<string, unknown>, token = property) =>
    t.post<{ id: number }>(`${B}/add`, { row: { point_type: '1', state: 1, ...row } }, token);
  const added = async (row: Record<string, unknown>, token = property) => {
    const r = await add(row, token);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data.id;
  };
  const list = async (token: string, body: Record<string, unknown> = {}) =>
    (await t.post<ListReply>(`${B}/list`, { current: 1, size: 100, ...body }, token)).body.data.records as Point[];

  beforeAll(async () => {
    t = await setupApp();
    ids = await demoIds(t);
    [property, propertyb] = await Promise.all([t.login('property'), t.login('propertyb')]);
    // the one-village clerk is given the point screen: what he sees stays inside 翠湖名苑
    await t.db.execute(sql`insert into role_menus (role_id, menu_id)
      select r.id, m.id from roles r, menus m where r.code = 'jade_clerk' and m.app_type = 'web' and m.route_name = 'IntellPoint'`);
    await t.db.execute(sql`insert into role_resources (role_id, resource_id)
      select r.id, m.id || '_' || a from roles r, menus m cross join unnest(array['add', 'edit', 'view', 'remove']) a
      where r.code = 'jade_clerk' and m.app_type = 'web' and m.menu_type = 1 and m.route_name = 'IntellPoint'`);
    bumpAccessVersion();
    jade = await t.login('jadeonly');
  });
  afterAll(() => t.close());

  it('declares the screen with its menu, buttons and the point type dictionary', async () => {
    const r = await t.post<ScreenConfig>(`${B}/listConfig`, {}, property);
    expect(r.body.code, r.body.msg).toBe(0);
    const f = (p: string) => r.body.data.fields.find((x) => x.prop === p);
    expect(r.body.data.fields.map((x) => x.prop)).toEqual(
      expect.arrayContaining(['village_id', 'name', 'point_no', 'point_type', 'state', 'lonlat', 'address', 'remark']),
    );
    expect(f('point_type')?.options?.map((o) => o.label)).toEqual(['普通点位', '重点部位', '消防设施', '出入口']);
    expect(f('state')?.options).toEqual([
      { label: '启用', value: 1 },
      { label: '停用', value: 0 },
    ]);
    expect(f('lonlat')?.type).toBe('mapPoint');
    expect(r.body.data.toolbar.map((b) => b.type)).toEqual(expect.arrayContaining(['add', 'drag', 'export', 'import']));
    const menu = await t.rows<{ menu_name: string; perms: string }>(
      sql`select b.menu_name, b.perms from menus b join menus p on p.id = b.parent_id
          where p.route_name = 'IntellPoint' and p.app_type = 'web' and b.menu_type = 2 order by b.perms`,
    );
    expect(menu.map((m) => m.perms)).toEqual(
      expect.arrayContaining(['IntellPoint:add', 'IntellPoint:edit', 'IntellPoint:remove', 'IntellPoint:drag']),
    );
    // one menu entry: the placeholder page is gone
    expect(
      (
        await t.rows(
          sql`select id from menus where app_type = 'web' and route_path = ${`${B}/listConfig`} and menu_type = 1`,
        )
      ).length,
    ).toBe(1);
  });

  it('refuses a bad point with a message naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ village_id: ids.sunshine.id, point_no: 'V-1' }, 'name', '点位名称'],
      [{ village_id: ids.sunshine.id, name: '东门' }, 'point_no', '点位编号'],
      [{ name: '东门', point_no: 'V-2' }, 'village_id', '所属小区'],
      [{ village_id: ids.sunshine.id, name: '东门', point_no: 'V-3', point_type: '9' }, 'point_type', '点位类型'],
      [{ village_id: ids.sunshine.id, name: '东门', point_no: 'V-4', state: 5 }, 'state', '状态'],
      [{ village_id: ids.sunshine.id, name: 'x'.repeat(51), point_no: 'V-5' }, 'name', '点位名称'],
      [{ village_id: ids.anju.id, name: '东门', point_no: 'V-6' }, 'village_id', '小区'],
    ];
    for (const [row, field, label] of cases) {
      const r = await add(row);
      expect(r.body.code, JSON.stringify(row)).not.toBe(0);
      expect((r.body.data as { field?: string } | null)?.field, r.body.msg).toBe(field);
      expect(r.body.msg).toContain(label);
    }
    expect(await t.rows(sql`select id from patrol_points where point_no like 'V-%'`)).toHaveLength(0);
  });

  it('keeps the point number unique within a company', async () => {
    const first = await added({ village_id: ids.sunshine.id, name: '东门岗亭', point_no: 'U-001' });
    // the same number in another village of the company
    const dup = await add({ village_id: ids.jade.id, name: '北门', point_no: 'U-001' });
    expect(dup.body.msg).toBe('点位编号已存在');
    expect((dup.body.data as unknown as { field: string }).field).toBe('point_no');
    // another company may use it
    await added({ village_id: ids.anju.id, name: '大门', point_no: 'U-001' }, propertyb);
    // an edit keeping its own number saves; taking another point's number is refused
    const second = await added({ village_id: ids.sunshine.id, name: '西门', point_no: 'U-002' });
    const keep = await t.post(`${B}/edit`, { id: first, row: { name: '东门岗亭(新)', point_no: 'U-001' } }, property);
    expect(keep.body.code, keep.body.msg).toBe(0);
    const take = await t.post(`${B}/edit`, { id: second, row: { point_no: 'U-001' } }, property);
    expect(take.body.msg).toBe('点位编号已存在');
    expect(
      (await t.one<{ point_no: string }>(sql`select point_no from patrol_points where id = ${second}`)).point_no,
    ).toBe('U-002');
  });

  it("hides another company's points: list, detail, edit and delete act as if they did not exist", async () => {
    const mine = await added({ village_id: ids.sunshine.id, name: '车库入口', point_no: 'T-001', point_type: '4' });
    expect((await list(propertyb)).map((p) => p.id)).not.toContain(mine);
    const detail = await t.post(`${B}/detail`, { id: mine }, propertyb);
    expect(detail.body.msg).toBe('数据不存在');
    const edit = await t.post(`${B}/edit`, { id: mine, row: { name: '改名' } }, propertyb);
    expect(edit.body.code).not.toBe(0);
    await t.post(`${B}/del`, { id: mine }, propertyb);
    const row = await t.one<{ name: string }>(sql`select name from patrol_points where id = ${mine}`);
    expect(row.name).toBe('车库入口');
    // the owner's detail (?return=result as the detail pages ask for it)
    const own = await t.post<Point & { point_type: string }>(`${B}/detail?return=result`, { id: mine }, property);
    expect(own.body.data).toMatchObject({ id: mine, name: '车库入口', point_no: 'T-001', village_id: ids.sunshine.id });
  });

  it("keeps a one-village user inside his village's points", async () => {
    const sun = await added({ village_id: ids.sunshine.id, name: '阳光花园泵房', point_no: 'J-001' });
    const jadePoint = await added({ village_id: ids.jade.id, name: '翠湖名苑配电房', point_no: 'J-002' });
    const seen = (await list(jade)).map((p) => p.village_id);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([ids.jade.id]));
    expect((await t.post(`${B}/detail`, { id: sun }, jade)).body.msg).toBe('数据不存在');
    expect((await t.post(`${B}/detail`, { id: jadePoint }, jade)).body.code).toBe(0);
    const outside = await add({ village_id: ids.sunshine.id, name: '越界', point_no: 'J-003' }, jade);
    expect(outside.body.msg).toBe('小区不存在或无权限');
    // he may not move his point out of his village either
    const move = await t.post(`${B}/edit`, { id: jadePoint, row: { village_id: ids.sunshine.id } }, jade);
    expect(move.body.code).not.toBe(0);
    // the number is unique in the company, even against a point he cannot see
    expect((await add({ village_id: ids.jade.id, name: '重号', point_no: 'J-001' }, jade)).body.msg).toBe(
      '点位编号已存在',
    );
  });

  it('offers enabled points to selects, one village at a time', async () => {
    const on = await added({ village_id: ids.jade.id, name: '选项-启用', point_no: 'O-001' });
    const off = await added({ village_id: ids.jade.id, name: '选项-停用', point_no: 'O-002', state: 0 });
    const other = await added({ village_id: ids.sunshine.id, name: '选项-阳光', point_no: 'O-003' });
    const values = async (url: string, token = property) => {
      const r = await t.post<Option[]>(url, {}, token);
      expect(r.body.code, r.body.msg).toBe(0);
      return r.body.data.map((o) => o.value);
    };
    const jadeOnly = await values(`${B}/options?village_id=${ids.jade.id}`);
    expect(jadeOnly).toContain(on);
    expect(jadeOnly).not.toContain(off);
    expect(jadeOnly).not.toContain(other);
    const all = await values(`${B}/options`);
    expect(all).toEqual(expect.arrayContaining([on, other]));
    expect(all).not.toContain(off);
    // scoped as every read: company B and the one-village user see none of these
    expect(await values(`${B}/options?village_id=${ids.jade.id}`, propertyb)).toEqual([]);
    expect(await values(`${B}/options`, jade)).not.toContain(other);
    const bad = await t.post(`${B}/options?village_id=abc`, {}, property);
    expect(bad.body.msg).toBe('village_id 格式错误');
  });

  it('gives the print pages their labels in the order asked, and refuses ids the caller cannot see', async () => {
    const a = await added({ village_id: ids.sunshine.id, name: '二维码-泵房', point_no: 'Q-001', point_type: '2' });
    const b = await added({ village_id: ids.jade.id, name: '二维码-北门', point_no: 'Q-002', point_type: '4' });
    const r = await t.post<Record<string, unknown>[]>(`${B}/qrList`, { ids: `${b},${a}` }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data).toEqual([
      { id: b, name: '二维码-北门', point_no: 'Q-002', village_name: '翠湖名苑', point_type_name: '出入口' },
      { id: a, name: '二维码-泵房', point_no: 'Q-001', village_name: '阳光花园', point_type_name: '重点部位' },
    ]);
    // another company's point, or one outside the user's villages, fails the whole job
    const other = await added({ village_id: ids.anju.id, name: '二维码-B', point_no: 'Q-003' }, propertyb);
    expect((await t.post(`${B}/qrList`, { ids: [a, other] }, property)).body.msg).toBe('数据不存在');
    expect((await t.post(`${B}/qrList`, { ids: [a] }, propertyb)).body.msg).toBe('数据不存在');
    expect((await t.post(`${B}/qrList`, { ids: [a] }, jade)).body.msg).toBe('数据不存在');
    expect((await t.post(`${B}/qrList`, { ids: [b] }, jade)).body.code).toBe(0);
    // nothing chosen, or a bad id
    expect((await t.post(`${B}/qrList`, { ids: '' }, property)).body.msg).toBe('您还未选择数据');
    expect((await t.post(`${B}/qrList`, { ids: 'x' }, property)).body.msg).toBe('ids 格式错误');
  });

  it('puts the QR actions on the screen for a viewer', async () => {
    const r = await t.post<ScreenConfig>(`${B}/listConfig`, {}, jade);
    expect(r.body.data.toolbar.find((b) => b.type === 'patrolQrPrint')).toMatchObject({
      title: '批量打印二维码',
      selection: 'multi',
    });
    expect(r.body.data.rowActions.find((a) => a.type === 'patrolQr')?.title).toBe('二维码');
  });

  it('keeps a point that a route walks or a check-in names; deletes one that nothing uses', async () => {
    const walked = await added({ village_id: ids.sunshine.id, name: '删除-路线点', point_no: 'D-001' });
    const free = await added({ village_id: ids.sunshine.id, name: '删除-空闲点', point_no: 'D-002' });
    const route = await t.one<{ id: number }>(sql`insert into patrol_routes (tenant_id, village_id, name)
      values (${ids.tenantA}, ${ids.sunshine.id}, '删除测试路线') returning id`);
    await t.db.execute(
      sql`insert into patrol_route_points (tenant_id, route_id, seq, point_id) values (${ids.tenantA}, ${route.id}, 1, ${walked})`,
    );
    const refused = await t.post(`${B}/del`, { id: walked }, property);
    expect(refused.body.msg).toBe('点位“删除-路线点”在1条巡更路线中，不能删除');
    const both = await t.post(`${B}/batchDel`, { ids: [free, walked] }, property);
    expect(both.body.code).not.toBe(0);
    expect(await t.rows(sql`select id from patrol_points where id in (${walked}, ${free})`)).toHaveLength(2);
    await t.db.execute(sql`delete from patrol_route_points where route_id = ${route.id}`);
    await t.db.execute(sql`insert into patrol_checkins (tenant_id, village_id, point_id, worker_id, user_id, verdict)
      values (${ids.tenantA}, ${ids.sunshine.id}, ${walked}, 1, 1, 3)`);
    expect((await t.post(`${B}/del`, { id: walked }, property)).body.msg).toBe(
      '点位“删除-路线点”已有1条巡更记录，不能删除',
    );
    expect((await t.post(`${B}/del`, { id: free }, property)).body.code).toBe(0);
    expect(await t.rows(sql`select id from patrol_points where id = ${free}`)).toHaveLength(0);
  });
});
