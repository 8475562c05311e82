import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';

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
