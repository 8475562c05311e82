import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns, sql } from 'drizzle-orm';
import { Code, screenConfigSchema, type ListReply, type ScreenConfig } from '@5a/contracts';
import { rowsOf, setupApp, type TestApp } from '../../test/harness.ts';
import { dictData } from '../../modules/system/schema.ts';
import { createRegistry } from './registry.ts';
import { modules } from '../../modules/index.ts';
import { screenConfig } from './config.ts';
import { resourceService } from './service.ts';
import { formatDate } from '../time.ts';
import { postResource } from '../../modules/system/resource.ts';
import { posts } from '../../modules/system/schema.ts';
import { loadAccess } from '../../modules/rbac/service.ts';
import { resolveToken } from '../../modules/auth/tokens.ts';

const allResources = () => createRegistry(modules).allResources();

let t: TestApp;
let property: string;
let propertyb: string;
let staff: string;
beforeAll(async () => {
  t = await setupApp();
  [property, propertyb, staff] = await Promise.all([t.login('property'), t.login('propertyb'), t.login('staff')]);
});
afterAll(() => t.close());

describe('conformance of every declared screen', () => {
  it('has resources registered', () => {
    expect(allResources().length).toBeGreaterThanOrEqual(9);
  });

  it.each(allResources().map((d) => [d.route, d] as const))(
    '%s parses, maps to columns and names real dictionaries',
    async (_route, def) => {
      const everything = new Set(['Building:add']);
      const config = screenConfig(
        def,
        new Proxy(everything, { get: (target, p) => (p === 'has' ? () => true : Reflect.get(target, p)) }),
      );
      expect(() => screenConfigSchema.parse(config)).not.toThrow();
      const columns = new Set(Object.values(getTableColumns(def.table)).map((c) => c.name));
      for (const f of def.fields) {
        // a sort by other columns names real ones
        if (typeof f.sortable === 'object')
          for (const c of f.sortable.by) expect(columns, `${def.route} ${f.prop} sorts by ${c}`).toContain(c);
        if (f.computed || f.virtual) continue;
        expect(columns, `${def.route} ${f.prop}`).toContain(f.column ?? f.prop);
      }
      const dicts = [...new Set(def.fields.flatMap((f) => (f.dict ? [f.dict] : [])))];
      if (dicts.length) {
        const rows = rowsOf<{ dict_type: string }>(await t.db.execute(sql`select distinct dict_type from ${dictData}`));
        const known = new Set(rows.map((r) => r.dict_type));
        for (const d of dicts) expect(known, `${def.route} dict ${d}`).toContain(d);
      }
      expect(def.customButtons?.length ?? 0).toBeLessThanOrEqual(3);
    },
  );
});

describe('screen config', () => {
  it('serves the config filtered by permissions', async () => {
    const res = await t.post<ScreenConfig>('/System/Post/index', {}, property);
    const config = screenConfigSchema.parse(res.body.data);
    expect(config.toolbar.map((b) => b.type)).toEqual(['add', 'drag', 'export', 'import', 'batchDelete']);
    expect(config.urls).toMatchObject({
      list: '/System/Post/list',
      add: '/System/Post/add',
      savesort: '/System/Post/savesort',
    });
    expect(config.fields.find((f) => f.prop === 'name')).toMatchObject({
      label: '岗位名称',
      inSearch: true,
      rules: [
        { required: true, message: '请输入岗位名称' },
        { max: 64, message: '岗位名称不能超过64个字符' },
      ],
    });
  });

  it('drops buttons whose permission the caller lacks', async () => {
    const row = (await t.post<ListReply>('/api/role/index', { name: '维修巡更员' }, property)).body.data.records[0]!;
    const menus = (
      await t.post<{ id: number; route_name: string; perms: string; menu_type: number }[]>(
        '/api/menu/find_menus',
        { parent_id: 0, app_type: 'web' },
        await t.login('admin'),
      )
    ).body.data;
    expect(menus.length).toBeGreaterThan(0);
    // grant staff the post page with view + add only, through role resources
    const post = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select id from menus where app_type = 'web' and route_name = 'SystemPost' and menu_type = 1`,
      ),
    );
    const postId = post[0]!.id;
    await t.db.execute(
      sql`insert into role_resources (role_id, resource_id) values (${row.id}, ${`${postId}_view`}), (${row.id}, ${`${postId}_add`})`,
    );
    const { bumpAccessVersion } = await import('../../modules/rbac/service.ts');
    bumpAccessVersion();
    const config = (await t.post<ScreenConfig>('/System/Post/index', {}, staff)).body.data;
    // import rides on the add resource (docs/conventions.md)
    expect(config.toolbar.map((b) => b.type)).toEqual(['add', 'import']);
    expect(config.rowActions).toEqual([]);
    expect(config.urls.del).toBeUndefined();
    expect((await t.post('/System/Post/del', { id: 1 }, staff)).body.code).toBe(Code.forbidden);
    expect((await t.post('/System/Post/savesort', { ids: [1] }, staff)).body.code).toBe(Code.forbidden);
  });

  it('serves tabs with ?getTab=1', async () => {
    const res = await t.post<unknown[]>('/System/Post/index?getTab=1', {}, property);
    expect(res.body.data).toEqual([]);
  });
});

describe('derived endpoints', () => {
  const addPost = async (name: string, token = property) =>
    (await t.post<{ id: number }>('/System/Post/add', { row: { name, code: name } }, token)).body;

  it('adds with rules and lists with search and paging', async () => {
    const bad = await t.post('/System/Post/add', { row: { code: 'x' } }, property);
    expect(bad.body).toMatchObject({ code: Code.validation, msg: '请输入岗位名称', data: { field: 'name' } });
    for (const n of ['巡逻岗1', '巡逻岗2', '巡逻岗3']) expect((await addPost(n)).code).toBe(0);
    const page = (await t.post<ListReply>('/System/Post/list', { name: '巡逻', current: 1, size: 2 }, property)).body
      .data;
    expect(page.total).toBe(3);
    expect(page.records).toHaveLength(2);
    expect(page.pageCount).toBe(2);
    expect((await t.post<ListReply>('/System/Post/list', { name: '巡逻' }, propertyb)).body.data.total).toBe(0);
    expect((await t.post('/System/Post/list', { size: 501 }, property)).body.msg).toBe('size 不能超过500');
  });

  it('filters choices by equality and dates by range', async () => {
    const all = (await t.post<ListReply>('/System/Post/list', { size: 100 }, property)).body.data.total;
    const active = (await t.post<ListReply>('/System/Post/list', { status: '1', size: 100 }, property)).body.data.total;
    expect(active).toBe(all);
    const inactive = (await t.post<ListReply>('/System/Post/list', { status: '2' }, property)).body.data;
    expect(inactive.total, JSON.stringify(inactive.records)).toBe(0);
    const future = (
      await t.post<ListReply>('/System/User/list', { created_at: ['2099-01-01', '2099-12-31'] }, property)
    ).body.data;
    expect(future.total).toBe(0);
    // searched by Shanghai days: the server's own today, not UTC's
    const today = formatDate(new Date());
    expect(
      (await t.post<ListReply>('/System/User/list', { created_at: ['2000-01-01', `${today} 23:59:59`] }, property)).body
        .data.total,
    ).toBeGreaterThan(0);
  });

  it('edits, reads detail, saves a cell and deletes', async () => {
    const { data } = await addPost('临时岗');
    expect((await t.post('/System/Post/edit', { row: { id: data.id, name: '临时岗位' } }, property)).body.msg).toBe(
      '修改成功!',
    );
    expect((await t.post('/System/Post/edit', { row: { id: data.id, name: '' } }, property)).body.msg).toBe(
      '请输入岗位名称',
    );
    expect(
      (await t.post<{ name: string }>('/System/Post/detail?return=result', { id: data.id }, property)).body.data.name,
    ).toBe('临时岗位');
    expect((await t.post('/System/Post/detail?return=result', { id: data.id }, propertyb)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.post('/System/Post/edit', { row: { id: data.id, name: 'x' } }, propertyb)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.post('/System/Post/del', { id: data.id }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.post('/System/Post/del', { id: data.id }, property)).body.msg).toBe('删除成功!');
  });

  it('saves an editable cell and refuses others', async () => {
    const rows = (await t.post<ListReply>('/System/DictData/list', { dict_type: 'sys_status' }, await t.login('admin')))
      .body.data.records;
    const admin = await t.login('admin');
    const row = rows[0]!;
    expect((await t.post('/System/DictData/cellSave', { key: 'dict_number', row, val: 9 }, admin)).body.code).toBe(0);
    expect(
      (await t.post<{ dict_number: number }>('/System/DictData/detail', { id: row.id }, admin)).body.data.dict_number,
    ).toBe(9);
    expect((await t.post('/System/DictData/cellSave', { key: 'dict_label', row, val: 'x' }, admin)).body.msg).toBe(
      'dict_label 不能在表格中修改',
    );
    expect((await t.post('/System/DictData/cellSave', { key: 'dict_number', row, val: 'abc' }, admin)).body.msg).toBe(
      '字典排序必须是数字',
    );
  });

  it('batch edits only batch fields and batch deletes within the tenant', async () => {
    const ids = [(await addPost('批量1')).data.id, (await addPost('批量2')).data.id];
    expect((await t.post('/System/Post/batch', { ids, row: {} }, property)).body.msg).toBe('没有可以批量修改的数据');
    expect((await t.post('/System/Post/batch', { ids, row: { status: '2' } }, property)).body.code).toBe(0);
    const rows = (await t.post<ListReply>('/System/Post/list', { ids }, property)).body.data.records;
    expect(rows.map((r) => r.status)).toEqual([2, 2]);
    expect((await t.post('/System/Post/batch', { ids, row: { status: '1' } }, propertyb)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.post('/System/Post/batchDel', { ids: [] }, property)).body.msg).toBe('您还未选择数据');
    expect((await t.post('/System/Post/batchDel', { ids }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.post('/System/Post/batchDel', { ids }, property)).body.code).toBe(0);
    expect((await t.post<ListReply>('/System/Post/list', { ids }, property)).body.data.total).toBe(0);
  });

  it('drag sort saves the new order in one statement', async () => {
    const before = (await t.post<{ id: number; title: string }[]>('/System/Post/sortList', {}, property)).body.data;
    expect(before.length).toBeGreaterThan(2);
    const reversed = before.map((r) => r.id).reverse();
    expect((await t.post('/System/Post/savesort', { ids: reversed }, property)).body.code).toBe(0);
    const after = (await t.post<{ id: number }[]>('/System/Post/sortList', {}, property)).body.data;
    expect(after.map((r) => r.id)).toEqual(reversed);
    const bIds = (await t.post<{ id: number }[]>('/System/Post/sortList', {}, propertyb)).body.data.map((r) => r.id);
    expect((await t.post('/System/Post/savesort', { ids: [...bIds, reversed[0]] }, propertyb)).body.code).toBe(
      Code.notFound,
    );
  });

  it('keeps a typed sort value and puts others last', async () => {
    const typed = (await t.post<{ id: number }>('/System/Post/add', { row: { name: '排序99', sort: 99 } }, property))
      .body.data.id;
    const last = (await t.post<{ id: number }>('/System/Post/add', { row: { name: '排序末尾' } }, property)).body.data
      .id;
    expect((await t.post<{ sort: number }>('/System/Post/detail', { id: typed }, property)).body.data.sort).toBe(99);
    expect((await t.post<{ sort: number }>('/System/Post/detail', { id: last }, property)).body.data.sort).toBe(100);
  });

  it('lazy-loads a tree by parentId and adds children', async () => {
    const roots = (
      await t.post<{ id: number; name: string; hasChildren: boolean }[]>(
        '/System/Dept/lazyTree',
        { parentId: 0 },
        property,
      )
    ).body.data;
    const eng = roots.find((r) => r.name === '工程部')!;
    expect(eng.hasChildren).toBe(false);
    expect((await t.post('/System/Dept/childAdd', { pid: eng.id, row: { name: '水电班' } }, property)).body.code).toBe(
      0,
    );
    const again = (
      await t.post<{ id: number; hasChildren: boolean }[]>('/System/Dept/lazyTree', { parentId: 0 }, property)
    ).body.data;
    expect(again.find((r) => r.id === eng.id)!.hasChildren).toBe(true);
    const kids = (await t.post<{ name: string }[]>('/System/Dept/lazyTree', { parentId: eng.id }, property)).body.data;
    expect(kids.map((k) => k.name)).toEqual(['水电班']);
    expect((await t.post('/System/Dept/del', { id: eng.id }, property)).body.msg).toBe('存在下级数据，不能删除');
    const bRoot = (await t.post<{ id: number }[]>('/System/Dept/lazyTree', { parentId: 0 }, propertyb)).body.data[0]!;
    expect((await t.post('/System/Dept/childAdd', { pid: bRoot.id, row: { name: '越权' } }, property)).body.code).toBe(
      Code.notFound,
    );
  });

  it('validates dictionary values and references to villages', async () => {
    expect((await t.post('/System/Post/add', { row: { name: '状态错', status: '7' } }, property)).body.msg).toBe(
      '状态的值无效：7',
    );
    const bVillages = (await t.post<{ value: number }[]>('/Web/Basic/Village/options', {}, propertyb)).body.data;
    const res = await t.post(
      '/System/Role/add',
      { row: { name: '跨租户', data_scope: '2', village_ids: [bVillages[0]!.value] } },
      property,
    );
    expect(res.body.msg).toBe('小区不存在');
  });

  it('limits lists to the data scope of the role', async () => {
    const property2 = await t.login('property');
    const mine = (await t.post<{ label: string }[]>('/Web/Basic/Village/options', {}, property2)).body.data;
    expect(mine.map((v) => v.label)).toEqual(['翠湖名苑', '阳光花园']);
  });
});

describe('totals', () => {
  it('adds the absolute values over the same search as the list, in yuan', async () => {
    // posts' sort column stands in for an amount in fen: +150 and -250 count as 4.00
    const def = { ...postResource, totals: { unpaidtotal: sql`${posts.sort} * 50 - 200` } };
    const actor = (await resolveToken(t.db, property))!;
    const access = await loadAccess(t.registry, t.db, actor);
    const caller = { actor, perms: access.perms, villageIds: access.villageIds };
    const svc = resourceService(t.db, def, t.registry);
    const a = (await t.post<{ id: number }>('/System/Post/add', { row: { name: '合计甲', sort: 7 } }, property)).body
      .data.id;
    const b = (await t.post<{ id: number }>('/System/Post/add', { row: { name: '合计乙', sort: 1 } }, property)).body
      .data.id;
    const page = await svc.list(caller, { ids: [a, b] });
    expect(page.unpaidtotal).toBe('3.00');
    expect(screenConfig(def, access.perms).totals).toEqual(['unpaidtotal']);
  });
});
