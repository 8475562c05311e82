import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { keepAuditPartitions } from './audit-partitions.ts';

/** The audit trail: every write through a screen leaves who, when, from where, what and before → after. */
let t: TestApp;
let property: string;

type Entry = {
  user_name: string;
  ip: string;
  screen: string;
  action: string;
  record_id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  tenant_id: number | null;
};
const entriesOf = (screen: string, recordId: number) =>
  t.rows<Entry>(
    sql`select user_name, ip, screen, action, record_id, before, after, tenant_id from audit_logs
        where screen = ${screen} and record_id = ${recordId} order by id`,
  );

beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
});
afterAll(() => t.close());

describe('操作日志', () => {
  it('records an add, an edit (the changed columns only, the phone masked) and a delete', async () => {
    const added = await t.post<{ id: number }>(
      '/System/Dept/add',
      { row: { name: '审计部', phone: '13812345678' } },
      property,
    );
    expect(added.body.code).toBe(0);
    const id = added.body.data.id;
    expect(
      (await t.post('/System/Dept/edit', { row: { id, name: '审计二部', phone: '13987654321' } }, property)).body.code,
    ).toBe(0);
    // an edit that changes nothing leaves nothing
    expect((await t.post('/System/Dept/edit', { row: { id, name: '审计二部' } }, property)).body.code).toBe(0);
    expect((await t.post('/System/Dept/del', { id }, property)).body.code).toBe(0);

    const log = await entriesOf('SystemDept', id);
    expect(log.map((e) => e.action)).toEqual(['add', 'edit', 'delete']);
    expect(log.every((e) => e.user_name === 'property' && e.tenant_id !== null)).toBe(true);
    expect(log[0]!.before).toBeNull();
    expect(log[0]!.after).toMatchObject({ name: '审计部', phone: '138****5678' });
    expect(log[1]!.before).toEqual({ name: '审计部', phone: '138****5678' });
    expect(log[1]!.after).toEqual({ name: '审计二部', phone: '139****4321' });
    expect(log[2]!.after).toBeNull();
    expect(log[2]!.before).toMatchObject({ name: '审计二部' });
    expect(JSON.stringify(log)).not.toContain('13812345678');
  });

  it('a refused write leaves no entry', async () => {
    const before = await t.one<{ n: number }>(sql`select count(*)::int as n from audit_logs`);
    const res = await t.post('/System/Dept/add', { row: { name: '', phone: '123' } }, property);
    expect(res.body.code).not.toBe(0);
    expect(await t.one<{ n: number }>(sql`select count(*)::int as n from audit_logs`)).toEqual(before);
  });

  it("is read on 操作日志 by the company's super administrator, never by another company or a plain user", async () => {
    const added = await t.post<{ id: number }>('/System/Post/add', { row: { name: '审计岗' } }, property);
    const id = added.body.data.id;
    type Page = { records: { record_id: number; action: string; screen_title: string }[]; total: number };
    const mine = await t.post<Page>('/System/AuditLog/list', { record_id: id, screen_title: '岗位' }, property);
    expect(mine.body.code).toBe(0);
    expect(mine.body.data.records).toEqual([expect.objectContaining({ record_id: id, action: 'add' })]);
    const other = await t.post<Page>('/System/AuditLog/list', { record_id: id }, await t.login('propertyb'));
    expect(other.body.data.records).toEqual([]);
    expect((await t.post('/System/AuditLog/list', {}, await t.login('staff'))).body.code).toBe(Code.forbidden);
    // read-only: no add, edit or delete
    expect((await t.post('/System/AuditLog/del', { id: 1 }, property)).body.code).toBe(Code.forbidden);
  });
});

describe('操作日志 partitions', () => {
  const partitionOf = (id: number) =>
    t.one<{ part: string }>(sql`select tableoid::regclass::text as part from audit_logs where id = ${id}`);
  const insertAt = async (at: string) =>
    (
      await t.one<{ id: number }>(
        sql`insert into audit_logs (user_id, screen, action, created_at) values (1, 'SystemDept', 'edit', ${at}::timestamptz)
            returning id`,
      )
    ).id;

  it('moves rows out of the default partition into their month, makes months ahead, drops those past the retention', async () => {
    // months counted from today in Beijing, so the test means the same whenever it runs
    const now = new Date();
    const here = new Date(now.getTime() + 8 * 3600_000);
    const month = (offset: number) => {
      const i = here.getUTCFullYear() * 12 + here.getUTCMonth() + offset;
      return { y: Math.floor(i / 12), m: (i % 12) + 1 };
    };
    const name = (o: number) => `audit_logs_${month(o).y}${String(month(o).m).padStart(2, '0')}`;
    const startOf = (o: number) => `${month(o).y}-${String(month(o).m).padStart(2, '0')}-01`;
    const old = await insertAt(`${startOf(-30)} 12:00:00+08`);
    // 00:30 on the 1st in Beijing is the new month, though it is still the month before in UTC
    const first = await insertAt(`${startOf(0)} 00:30:00+08`);
    // a minute before the 1st: still last month's
    const lastMonth = await insertAt(`${startOf(0)} 00:00:00+08`);
    await t.db.execute(
      sql`update audit_logs set created_at = created_at - interval '1 minute' where id = ${lastMonth}`,
    );
    expect((await partitionOf(first)).part).toBe('audit_logs_default');

    const upkeep = await keepAuditPartitions(t.db, now, 24);
    expect(upkeep.created).toEqual(expect.arrayContaining([name(-1), name(0), name(2)]));
    expect(upkeep.deletedFromDefault).toBe(1);
    expect((await partitionOf(first)).part).toBe(name(0));
    expect((await partitionOf(lastMonth)).part).toBe(name(-1));
    expect(await t.rows(sql`select id from audit_logs where id = ${old}`)).toEqual([]);
    // new rows go straight to their month's partition; the engine's writes still land
    const added = await t.post<{ id: number }>('/System/Post/add', { row: { name: '分区岗' } }, property);
    const [entry] = await t.rows<{ part: string }>(
      sql`select tableoid::regclass::text as part from audit_logs where screen = 'SystemPost' and record_id = ${added.body.data.id}`,
    );
    expect(entry!.part).toBe(name(0));

    // again: nothing to make; a shorter retention 13 months later drops the months it no longer keeps
    expect((await keepAuditPartitions(t.db, now, 24)).created).toEqual([]);
    const later = new Date(Date.UTC(month(13).y, month(13).m - 1, 15, 4));
    expect((await keepAuditPartitions(t.db, later, 12)).dropped).toEqual([name(-1), name(0)]);
    expect(await t.rows(sql`select id from audit_logs where id in (${first}, ${lastMonth})`)).toEqual([]);
  });
});

describe('操作日志 of custom writes', () => {
  type Custom = {
    action: string;
    screen: string;
    record_id: number | null;
    user_name: string;
    after: Record<string, unknown> | null;
    before: Record<string, unknown> | null;
  };
  const lastOf = async (action: string) =>
    (
      await t.rows<Custom>(
        sql`select action, screen, record_id, user_name, before, after from audit_logs where action = ${action}
            order by id desc limit 1`,
      )
    )[0];

  it('records logins and logouts', async () => {
    const token = await t.login('staff');
    expect(await lastOf('login')).toMatchObject({ screen: 'Login', user_name: 'staff', after: { kind: 'web' } });
    expect((await t.post('/Passport/User/Login/logout', {}, token)).body.code).toBe(0);
    expect(await lastOf('logout')).toMatchObject({ screen: 'Login', user_name: 'staff' });
  });

  it('records a grant with the menus and resources before and after', async () => {
    const [role] = await t.rows<{ id: number }>(
      sql`select r.id from roles r join users u on u.tenant_id = r.tenant_id
          where u.user_name = 'property' and r.name = '维修巡更员'`,
    );
    const view = (
      await t.post<{ menuIdList: number[]; resourcelist: string[] }>(
        '/System/Role/roleMenu',
        { id: role!.id },
        property,
      )
    ).body.data;
    const kept = view.resourcelist.slice(1);
    const saved = await t.post(
      '/System/Role/rolePermissionSave',
      { id: role!.id, menu: view.menuIdList, resource: kept },
      property,
    );
    expect(saved.body.code).toBe(0);
    const entry = await lastOf('grant');
    expect(entry).toMatchObject({ screen: 'SystemRole', record_id: role!.id, user_name: 'property' });
    expect(entry!.before!.resources).toEqual([...view.resourcelist].sort());
    expect(entry!.after!.resources).toEqual([...kept].sort());
  });

  it('records an import (one entry with its count) and an export (its filters, masked)', async () => {
    const imported = await t.post(
      '/System/Post/import',
      { rows: [{ 岗位名称: '审计导入一' }, { 岗位名称: '审计导入二' }] },
      property,
    );
    expect(imported.body.code).toBe(0);
    expect(await lastOf('import')).toMatchObject({ screen: 'SystemPost', record_id: null, after: { rows: 2 } });
    const exported = await t.app.inject({
      method: 'POST',
      url: '/xapi/System/Dept/export',
      headers: { authorization: `Bearer ${property}` },
      payload: { format: 'csv', phone: '13812345678' },
    });
    expect(exported.statusCode).toBe(200);
    expect(await lastOf('export')).toMatchObject({
      screen: 'SystemDept',
      after: { format: 'csv', filters: { phone: '138****5678' }, unmasked: false },
    });
  });
});

describe('历史 of a record', () => {
  it("lists a record's changes newest first, for those who may read the trail, within the record's scope", async () => {
    const added = await t.post<{ id: number }>('/System/Dept/add', { row: { name: '历史部' } }, property);
    const id = added.body.data.id;
    await t.post('/System/Dept/edit', { row: { id, name: '历史二部' } }, property);
    const history = await t.post<
      { action: string; user_name: string; before: unknown; after: unknown; created_at: string }[]
    >('/System/Dept/history', { id }, property);
    expect(history.body.code).toBe(0);
    expect(history.body.data.map((e) => e.action)).toEqual(['edit', 'add']);
    expect(history.body.data[0]).toMatchObject({
      user_name: 'property',
      before: { name: '历史部' },
      after: { name: '历史二部' },
    });
    expect(history.body.data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const config = await t.post<{ urls: { history?: string } }>('/System/Dept/index', {}, property);
    expect(config.body.data.urls.history).toBe('/System/Dept/history');
    // another company's record is not there for him; a user without 操作日志 gets neither the tab nor the call
    expect((await t.post('/System/Dept/history', { id }, await t.login('propertyb'))).body.code).toBe(Code.notFound);
    const staff = await t.login('staff');
    expect((await t.post('/System/Dept/history', { id }, staff)).body.code).toBe(Code.forbidden);
  });
});
