import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDemo, type DemoApp } from '../estate/testing.ts';
import { checkOverdue, raiseOverdueAlert } from '../repair/index.ts';
import { raiseAlert } from './index.ts';
import { unpaidFixedBill } from '../fees/collect/testing.ts';

let { t, property, propertyb, staff, ids } = {} as DemoApp;
let admin = '';
let jadeonly = '';
beforeAll(async () => {
  ({ t, property, propertyb, staff, ids } = await openDemo());
  [admin, jadeonly] = await Promise.all([t.login('admin'), t.login('jadeonly')]);
});
afterAll(() => t.close());

const B = '/Web/Basic/PlatformInformation';
type Row = { id: number; title: string; is_read: number | null; content?: string };
const listTitles = async (token: string) =>
  (await t.post<{ records: Row[] }>(`${B}/list`, { size: 100 }, token)).body.data.records.map((r) => r.title);
const unread = async (token: string) =>
  (await t.post<{ id: number; title: string }[]>(`${B}/unNotified`, {}, token)).body.data.map((n) => n.title);

const publish = async (row: Record<string, unknown>) => {
  const res = await t.post<{ id: number }>(`${B}/add`, { row: { published: 1, audience: 1, ...row } }, admin);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.id;
};

describe('platform announcements', () => {
  it('the platform publishes to every company; each company reads it, sanitised, with its own read mark', async () => {
    const id = await publish({
      title: '全员公告-测试',
      content: '<p>停电通知<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    const stored = await t.one<{ content: string; author_name: string; published_at: Date | null }>(
      sql`select content, author_name, published_at from platform_notices where id = ${id}`,
    );
    expect(stored.content).toContain('停电通知');
    expect(stored.content).not.toMatch(/script|onerror/);
    expect(stored.published_at).not.toBeNull();
    expect(stored.author_name).not.toBe('');

    expect(await listTitles(property)).toContain('全员公告-测试');
    expect(await listTitles(propertyb)).toContain('全员公告-测试');
    expect(await unread(property)).toContain('全员公告-测试');
    const detail = await t.post<Row>(`${B}/detail?return=result`, { id }, propertyb);
    expect(detail.body.data.content).toContain('停电通知');
  });

  it('an announcement to company A only: B never sees it, not in the list, the detail, unNotified or upNotice', async () => {
    const id = await publish({ title: '仅A公司-测试', content: '<p>A</p>', audience: 2, tenant_ids: [ids.tenantA] });
    expect(await listTitles(property)).toContain('仅A公司-测试');
    expect(await unread(property)).toContain('仅A公司-测试');
    expect(await listTitles(propertyb)).not.toContain('仅A公司-测试');
    expect(await unread(propertyb)).not.toContain('仅A公司-测试');
    expect((await t.post(`${B}/detail`, { id }, propertyb)).body.msg).toBe('数据不存在');
    expect((await t.post(`${B}/upNotice`, { nid: id }, propertyb)).body.code).not.toBe(0);
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from notice_reads where notice_id = ${id}`)).n,
    ).toBe(0);
  });

  it('a draft is not shown to companies; a chosen audience without companies is refused by name', async () => {
    await publish({ title: '草稿-测试', content: '<p>d</p>', published: 2 });
    expect(await listTitles(admin)).toContain('草稿-测试');
    expect(await listTitles(property)).not.toContain('草稿-测试');
    const res = await t.post(
      `${B}/add`,
      { row: { title: '缺公司', content: '<p>x</p>', audience: 2, tenant_ids: [], published: 1 } },
      admin,
    );
    expect(res.body).toMatchObject({ msg: '请选择物业公司', data: { field: 'tenant_ids' } });
  });

  it('the platform manages 平台公告 in its system menu; a company only reads it', async () => {
    type Node = { path: string; children: Node[] };
    type Reply = { menus: Node[]; perms: string[] };
    const flat = (ns: Node[]): string[] => ns.flatMap((n) => [n.path, ...flat(n.children)]);
    const sys = (await t.post<Reply>('/Common/Menu/Menu', {}, admin)).body.data;
    const web = (await t.post<Reply>('/Common/Menu/Menu', {}, property)).body.data;
    expect(flat(sys.menus)).toContain(`${B}/listConfig`);
    expect(flat(web.menus)).toContain(`${B}/listConfig`);
    expect(sys.perms.filter((p) => p.startsWith('PlatformInformation:')).sort()).toEqual([
      'PlatformInformation:add',
      'PlatformInformation:edit',
      'PlatformInformation:remove',
      'PlatformInformation:view',
    ]);
    expect(web.perms.filter((p) => p.startsWith('PlatformInformation:'))).toEqual(['PlatformInformation:view']);
    const options = await t.post<{ label: string }[]>(`${B}/tenantOptions`, {}, admin);
    expect(options.body.data.map((o) => o.label)).toEqual(
      expect.arrayContaining(['阳光物业服务有限公司', '安居物业管理有限公司']),
    );
  });

  it('a company user cannot publish', async () => {
    const res = await t.post(
      `${B}/add`,
      { row: { title: '物业自发', content: '<p>x</p>', audience: 1, published: 1 } },
      property,
    );
    expect(res.body.code).not.toBe(0);
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from platform_notices where title = '物业自发'`)).n,
    ).toBe(0);
  });

  it('upNotice marks one read for this user only, twice changes nothing', async () => {
    const id = await publish({ title: '已读测试', content: '<p>r</p>' });
    const first = await t.post(`${B}/upNotice`, { nid: id }, property);
    expect(first.body).toMatchObject({ code: 0, msg: '标记成功' });
    expect((await t.post(`${B}/upNotice`, { nid: id }, property)).body.code).toBe(0);
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from notice_reads where notice_id = ${id}`)).n,
    ).toBe(1);
    expect(await unread(property)).not.toContain('已读测试');
    expect(await unread(propertyb)).toContain('已读测试');
    const rows = (await t.post<{ records: Row[] }>(`${B}/list`, { size: 100 }, property)).body.data.records;
    expect(rows.find((r) => r.id === id)?.is_read).toBe(1);
    expect((await t.post(`${B}/upNotice`, { nid: 2_000_000 }, property)).body.code).not.toBe(0);
  });
});

describe('abnormal alerts', () => {
  it('raiseAlert is idempotent by (source, source_id)', async () => {
    const input = {
      tenantId: ids.tenantA,
      villageId: ids.sunshine.id,
      type: 2,
      title: '工单超时-幂等',
      content: '工单 W1 已超时',
      source: 'test',
      sourceId: 'idem-1',
    };
    const a = await raiseAlert(t.db, input);
    const b = await raiseAlert(t.db, { ...input, title: '再次上报' });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    expect(
      (
        await t.one<{ n: number }>(
          sql`select count(*)::int as n from abnormal_alerts where source = 'test' and source_id = 'idem-1'`,
        )
      ).n,
    ).toBe(1);
  });

  it('getAbnormal lists the open alerts of villages in the caller scope; opening one marks it seen for him only', async () => {
    type List = {
      abnormal_list: { id: number; title: string; village_name: string; is_read: number }[];
      abnormal_num: number;
    };
    const get = async (token: string) => (await t.post<List>(`${B}/getAbnormal`, {}, token)).body.data;
    const { id } = await raiseAlert(t.db, {
      tenantId: ids.tenantA,
      villageId: ids.sunshine.id,
      type: 2,
      title: '阳光花园告警',
      content: 'x',
      source: 'test',
      sourceId: 'scope-1',
    });
    const before = await get(property);
    expect(before.abnormal_list.find((a) => a.id === id)).toMatchObject({
      title: '阳光花园告警',
      village_name: '阳光花园',
    });
    expect(before.abnormal_num).toBeGreaterThanOrEqual(1);
    expect((await get(jadeonly)).abnormal_list.map((a) => a.id)).not.toContain(id);
    expect((await get(propertyb)).abnormal_list.map((a) => a.id)).not.toContain(id);
    expect((await t.post(`${B}/getAbnormalDetail`, { id }, propertyb)).body.msg).toBe('数据不存在');
    expect((await t.post(`${B}/getAbnormalDetail`, { id }, jadeonly)).body.msg).toBe('数据不存在');

    const detail = await t.post<{ title: string; original_content: string }>(
      `${B}/getAbnormalDetail`,
      { id },
      property,
    );
    expect(detail.body.data).toMatchObject({ title: '阳光花园告警', original_content: 'x' });
    const after = await get(property);
    expect(after.abnormal_list.find((a) => a.id === id)?.is_read).toBe(1);
    expect(before.abnormal_list.find((a) => a.id === id)?.is_read).toBe(2);
    expect(after.abnormal_num).toBe(before.abnormal_num - 1);
    expect((await get(staff)).abnormal_list.find((a) => a.id === id)?.is_read).toBe(2);
  });

  it('an alert reaches only users whose rights cover its subject: a payment failure needs a fee right', async () => {
    type List = { abnormal_list: { id: number }[] };
    const listed = async (token: string) =>
      (await t.post<List>(`${B}/getAbnormal`, {}, token)).body.data.abnormal_list.map((a) => a.id);
    const useradmin = await t.login('useradmin');
    const raise = (type: number, sourceId: string) =>
      raiseAlert(t.db, {
        tenantId: ids.tenantA,
        villageId: ids.sunshine.id,
        type,
        title: '权限告警',
        content: '订单 T1 支付失败，金额 ¥12.30',
        source: 'test',
        sourceId,
      });
    const paid = (await raise(3, 'perm-pay')).id;
    const repair = (await raise(2, 'perm-repair')).id;
    // the repair and patrol staff hears of an overdue order in his village, not of a failed payment there
    expect(await listed(property)).toEqual(expect.arrayContaining([paid, repair]));
    expect(await listed(staff)).toContain(repair);
    expect(await listed(staff)).not.toContain(paid);
    expect((await t.post(`${B}/getAbnormalDetail`, { id: paid }, staff)).body.msg).toBe('数据不存在');
    // the user administrator has neither right
    expect(await listed(useradmin)).not.toContain(paid);
    expect(await listed(useradmin)).not.toContain(repair);
    expect((await t.post(`${B}/getAbnormalDetail`, { id: paid }, useradmin)).body.msg).toBe('数据不存在');
  });

  it('an alert narrowed to users reaches only them', async () => {
    const me = await t.one<{ id: number }>(sql`select id from users where user_name = 'property'`);
    const { id } = await raiseAlert(t.db, {
      tenantId: ids.tenantA,
      villageId: ids.jade.id,
      type: 2,
      title: '仅经理',
      content: 'x',
      source: 'test',
      sourceId: 'narrow-1',
      userIds: [me.id],
    });
    expect((await t.post(`${B}/getAbnormalDetail`, { id }, jadeonly)).body.msg).toBe('数据不存在');
    expect((await t.post(`${B}/getAbnormalDetail`, { id }, property)).body.code).toBe(0);
  });

  it('an overdue work order raises one alert, however often the sweep runs', async () => {
    const later = new Date(Date.now() + 400 * 86_400_000);
    const marked = await checkOverdue(t.db, later, raiseOverdueAlert);
    expect(marked.length).toBeGreaterThan(0);
    await checkOverdue(t.db, later, raiseOverdueAlert);
    const alerts = await t.rows<{ source_id: string; type: number }>(
      sql`select source_id, type from abnormal_alerts where source = 'repair_order'`,
    );
    expect(alerts.map((a) => Number(a.source_id)).sort((a, b) => a - b)).toEqual([...marked].sort((a, b) => a - b));
    expect(new Set(alerts.map((a) => a.type))).toEqual(new Set([2]));
  });

  it('a batch of overdue orders does not push a face match off the top of the list', async () => {
    await checkOverdue(t.db, new Date(Date.now() + 400 * 86_400_000), raiseOverdueAlert);
    type Item = { title: string; type: number };
    const list = (await t.post<{ abnormal_list: Item[] }>(`${B}/getAbnormal`, {}, property)).body.data.abnormal_list;
    const faces = list.filter((a) => a.type === 1);
    expect(faces.length).toBeGreaterThan(0);
    expect(list.length).toBeGreaterThan(faces.length);
    expect(list.slice(0, faces.length)).toEqual(faces);
  });

  it('a failed online payment raises one payment-failure alert for its village', async () => {
    const R = '/Web/Renewal';
    const { bill } = await unpaidFixedBill(
      { t, property, ids },
      { name: '告警测试费', price: '12.30', period: '2031-01' },
    );
    const order = (
      await t.post<{ codeUrl: string }>(`${R}/RenewalList/charge`, { data: { ids: [bill], type: 0 } }, property)
    ).body.data;
    const token = decodeURIComponent(order.codeUrl.split('token=')[1]!);
    expect((await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'fail' })).body.code).toBe(0);
    await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'fail' });
    const alerts = await t.rows<{ type: number; village_id: number; original_content: string }>(
      sql`select type, village_id, original_content from abnormal_alerts where source = 'payment'`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 3, village_id: ids.sunshine.id });
    expect(alerts[0]!.original_content).toContain('12.30');
  });
});
