import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListReply, type ScreenConfig } from '@5a/contracts';
import { DEMO_STREAM_PATH, type VideoListReply } from '@5a/contracts/endpoints/video';
import { demoIds, type DemoIds } from '../estate/testing.ts';
import { bumpAccessVersion } from '../rbac/index.ts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { cameraFigures } from './index.ts';

const B = '/Web/Internet/VideoList';
const WALL = '/Web/Internet/MonitorScreen/index';
type Camera = { id: number; village_id: number; name: string; camera_no: string; stream_url: string };

describe('cameras (视频监控) and the logged-in wall (监控大屏)', () => {
  let t: TestApp;
  let property: string;
  let propertyb: string;
  let jade: string;
  let ids: DemoIds;

  const add = (row: Record<string, unknown>, token = property) =>
    t.post<{ id: number }>(`${B}/add`, { row: { state: 1, ...row } }, token);
  const list = async (token: string, body: Record<string, unknown> = {}) =>
    (await t.post<ListReply>(`${B}/list`, { current: 1, size: 100, ...body }, token)).body.data.records as Camera[];
  const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int n from video_cameras`)).n;

  beforeAll(async () => {
    t = await setupApp();
    ids = await demoIds(t);
    [property, propertyb] = await Promise.all([t.login('property'), t.login('propertyb')]);
    // the one-village clerk is given the camera list and the wall: what he sees stays inside 翠湖名苑
    await t.db.execute(sql`insert into role_menus (role_id, menu_id)
      select r.id, m.id from roles r, menus m where r.code = 'jade_clerk' and m.app_type = 'web'
      and m.route_name in ('VideoList', 'MonitorScreen') and m.menu_type = 1`);
    await t.db.execute(sql`insert into role_resources (role_id, resource_id)
      select r.id, m.id || '_' || a from roles r, menus m cross join unnest(array['add', 'edit', 'view']) a
      where r.code = 'jade_clerk' and m.app_type = 'web' and m.menu_type = 1 and m.route_name in ('VideoList', 'MonitorScreen')`);
    bumpAccessVersion();
    jade = await t.login('jadeonly');
  });
  afterAll(() => t.close());

  it('declares the screen with its fields and buttons, and the demo cameras play the demo stream', async () => {
    const r = await t.post<ScreenConfig>(`${B}/listConfig`, {}, property);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.fields.map((f) => f.prop)).toEqual(
      expect.arrayContaining(['village_id', 'camera_no', 'name', 'area', 'location', 'stream_url', 'state']),
    );
    expect(r.body.data.toolbar.map((b) => b.type)).toEqual(expect.arrayContaining(['add', 'export', 'import']));
    // the share dialog is served on this screen
    expect(r.body.data.toolbar.find((b) => b.type === 'dialog')).toMatchObject({ dialog: 'monitorShare' });
    const mine = await list(property);
    expect(mine.length).toBe(10);
    expect(new Set(mine.map((c) => c.stream_url))).toEqual(new Set([DEMO_STREAM_PATH]));
    expect(mine.map((c) => c.camera_no)).toEqual([...mine.map((c) => c.camera_no)].sort());
  });

  it('refuses a stream that is not an HLS playlist, naming the field, and writes nothing', async () => {
    const before = await count();
    for (const url of [
      'ftp://nvr.local/live/1.m3u8',
      'https://nvr.local/live/1.mp4',
      'javascript:alert(1)//.m3u8',
      'https:// spaced.m3u8',
      '/xapi/Common/Document/file/x.m3u8',
    ]) {
      const r = await add({ village_id: ids.sunshine.id, camera_no: 'T-1', name: '测试', stream_url: url });
      expect(r.body.code, url).toBe(Code.validation);
      expect(r.body.msg, url).toContain('视频流地址');
      expect(r.body.data).toEqual({ field: 'stream_url' });
    }
    const blank = await add({ village_id: ids.sunshine.id, camera_no: 'T-1', name: '', stream_url: DEMO_STREAM_PATH });
    expect(blank.body.code).toBe(Code.validation);
    expect(blank.body.msg).toContain('名称');
    expect(await count()).toBe(before);
  });

  it('adds, edits, shows (?return=result) and deletes a camera; the number is unique in the company', async () => {
    const r = await add({
      village_id: ids.sunshine.id,
      camera_no: 'YG-100',
      name: '西门',
      area: '西门',
      stream_url: 'https://nvr.example.com/live/ch100.m3u8?token=a',
    });
    expect(r.body.code, r.body.msg).toBe(0);
    const id = r.body.data.id;
    const dup = await add({ village_id: ids.jade.id, camera_no: 'YG-100', name: '重复', stream_url: DEMO_STREAM_PATH });
    expect(dup.body).toMatchObject({ code: Code.validation, msg: '编号已存在', data: { field: 'camera_no' } });
    const edit = await t.post(
      `${B}/edit`,
      { row: { id, name: '西门入口', stream_url: 'http://10.0.0.8/hls/1.m3u8' } },
      property,
    );
    expect(edit.body.code, edit.body.msg).toBe(0);
    const d = await t.post<Camera>(`${B}/detail?return=result`, { id }, property);
    expect(d.body.data).toMatchObject({
      name: '西门入口',
      stream_url: 'http://10.0.0.8/hls/1.m3u8',
      camera_no: 'YG-100',
    });
    const del = await t.post(`${B}/del`, { ids: [id] }, property);
    expect(del.body.code, del.body.msg).toBe(0);
    expect(await t.rows(sql`select 1 from video_cameras where id = ${id}`)).toEqual([]);
  });

  it("keeps each company's cameras to itself", async () => {
    // company B has not taken 视频监控: its menus are hidden, and the calls with them
    expect((await t.post(`${B}/list`, {}, propertyb)).body.code).toBe(Code.forbidden);
    expect((await t.post(WALL, {}, propertyb)).body.code).toBe(Code.forbidden);
    await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
      select ${ids.tenantB}, id, current_date + 30 from services where code = 'video'`);
    bumpAccessVersion();
    const b = await list(propertyb);
    expect(b.map((c) => c.camera_no)).toEqual(['AJ-001']);
    const aCamera = (await list(property))[0]!;
    const d = await t.post(`${B}/detail`, { id: aCamera.id }, propertyb);
    expect(d.body.code).toBe(Code.notFound);
    const e = await t.post(`${B}/edit`, { row: { id: aCamera.id, name: '篡改' } }, propertyb);
    expect(e.body.code).not.toBe(0);
    expect((await t.one<{ name: string }>(sql`select name from video_cameras where id = ${aCamera.id}`)).name).not.toBe(
      '篡改',
    );
    // B's camera in A's village: the village is not B's
    const cross = await add(
      { village_id: ids.sunshine.id, camera_no: 'X-1', name: 'x', stream_url: DEMO_STREAM_PATH },
      propertyb,
    );
    expect(cross.body.code).not.toBe(0);
    const wallB = await t.post<VideoListReply>(WALL, {}, propertyb);
    expect(wallB.body.data.data.map((c) => c.number)).toEqual(['AJ-001']);
  });

  it("answers the wall with the caller's enabled cameras, in number order, and their village/area tree", async () => {
    const r = await t.post<VideoListReply>(WALL, {}, property);
    expect(r.body.code, r.body.msg).toBe(0);
    const { data, tree } = r.body.data;
    expect(data.map((c) => c.number)).toEqual([
      'CH-001',
      'CH-002',
      'CH-003',
      'YG-001',
      'YG-002',
      'YG-003',
      'YG-004',
      'YG-005',
      'YG-006',
      'YG-007',
    ]);
    expect(data[0]).toMatchObject({ name: '南门入口', url: DEMO_STREAM_PATH, village_name: '翠湖名苑', area: '南门' });
    expect(data[0]!.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(tree.map((v) => v.label).sort()).toEqual(['翠湖名苑', '阳光花园']);
    const sunshine = tree.find((v) => v.label === '阳光花园')!;
    expect(sunshine.children!.map((a) => a.label)).toEqual(['东门', '北门', '地下车库', '公共区域', '楼栋']);
    expect(sunshine.children![0]!.children!.map((c) => c.label)).toEqual(['东门入口', '东门车行道']);
    // a disabled camera leaves the wall, a keyword narrows it by name or number
    await t.db.execute(sql`update video_cameras set state = 0 where camera_no = 'YG-007'`);
    const after = await t.post<VideoListReply>(WALL, {}, property);
    expect(after.body.data.data.map((c) => c.number)).not.toContain('YG-007');
    await t.db.execute(sql`update video_cameras set state = 1 where camera_no = 'YG-007'`);
    const k = await t.post<VideoListReply>(WALL, { keyword: '地库' }, property);
    expect(k.body.data.data.map((c) => c.number)).toEqual(['CH-003', 'YG-004', 'YG-005']);
    const byNo = await t.post<VideoListReply>(WALL, { keyword: 'yg-00' }, property);
    expect(byNo.body.data.data).toHaveLength(7);
  });

  it("shows a one-village clerk only his village's cameras, and nobody's without a login", async () => {
    const j = await t.post<VideoListReply>(WALL, {}, jade);
    expect(j.body.code, j.body.msg).toBe(0);
    expect(j.body.data.data.map((c) => c.village_name)).toEqual(['翠湖名苑', '翠湖名苑', '翠湖名苑']);
    expect((await list(jade)).every((c) => c.village_id === ids.jade.id)).toBe(true);
    const nobody = await t.post(WALL, {});
    expect(nobody.body.code).toBe(Code.tokenInvalid);
  });
  it('counts the cameras for the dashboards: all, in use and per village, within the scope', async () => {
    const rows = await t.rows<{ village_id: number; n: number; used: number }>(
      sql`select village_id, count(*)::int n, count(*) filter (where state = 1)::int used from video_cameras
        where tenant_id = ${ids.tenantA} group by village_id order by village_id`,
    );
    const all = await cameraFigures(t.db, { tenantId: ids.tenantA, villageIds: null });
    expect(all.videoNum).toBe(rows.reduce((a, r) => a + r.n, 0));
    expect(all.videoNum).toBeGreaterThan(0);
    expect(all.inUse).toBe(rows.reduce((a, r) => a + r.used, 0));
    expect(all.byVillage).toEqual(rows.map((r) => ({ village_id: r.village_id, num: r.n })));
    const one = await cameraFigures(t.db, { tenantId: ids.tenantA, villageIds: [ids.jade.id] });
    expect(one.byVillage.every((v) => v.village_id === ids.jade.id)).toBe(true);
    expect((await cameraFigures(t.db, { tenantId: ids.tenantA, villageIds: [] })).videoNum).toBe(0);
  });
});
