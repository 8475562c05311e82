import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ListReply, type ScreenConfig } from '@5a/contracts';
import type { TestApp } from '../../test/harness.ts';
import { bumpAccessVersion } from '../rbac/service.ts';
import { loginWithRole, openDemo, type DemoIds } from './testing.ts';

let t: TestApp;
let property: string;
let ids: DemoIds;
beforeAll(async () => {
  ({ t, property, ids } = await openDemo());
});
afterAll(() => t.close());

const PERSON = '/Web/Basic/GatePerson';
const config = async (token: string) => (await t.post<ScreenConfig>(`${PERSON}/listConfig`, {}, token)).body.data;
const tagsOf = async (id: number) =>
  (await t.one<{ tags: string }>(sql`select tags from gate_persons where id = ${id}`)).tags;

describe('住户: the review and tag buttons follow the rights behind their calls', () => {
  it('without the edit right neither 审核 nor 住户标签 is offered, and the calls refuse', async () => {
    const viewer = await loginWithRole(t, 'viewer', { pages: ['GatePerson', 'Protection'], villages: null });
    const withEdit = await config(viewer.token);
    expect(withEdit.rowActions.map((a) => a.type)).toContain('review');
    expect(withEdit.toolbar.map((b) => b.type)).toContain('ownerTags');

    await t.db.execute(
      sql`delete from role_resources where role_id = ${viewer.roleId} and resource_id like '%\\_edit'`,
    );
    bumpAccessVersion();
    const plain = await config(viewer.token);
    expect(plain.rowActions.map((a) => a.type)).not.toContain('review');
    expect(plain.toolbar.map((b) => b.type)).not.toContain('ownerTags');
    const waiting = await t.one<{ id: number }>(
      sql`select id from gate_persons where status = 0 and village_id = ${ids.sunshine.id} order by id limit 1`,
    );
    expect((await t.post(`${PERSON}/reviewSave`, { id: waiting.id, status: 1 }, viewer.token)).body.code).toBe(
      Code.forbidden,
    );
    expect((await t.post(`${PERSON}/batch`, { ids: [waiting.id], row: { tags: ['1'] } }, viewer.token)).body.code).toBe(
      Code.forbidden,
    );
  });
});

describe('住户: review from the list', () => {
  it('the demo has residents 待审核; a review moves one out of that search', async () => {
    const waiting = (await t.post<ListReply>(`${PERSON}/list?tab_type=owner`, { status: '0', size: 50 }, property)).body
      .data;
    expect(waiting.total).toBeGreaterThan(0);
    const row = waiting.records[0]!;
    expect(row.status).toBe(0);
    expect((await t.post(`${PERSON}/reviewSave`, { id: row.id, name: row.name, status: 2 }, property)).body.msg).toBe(
      '审核成功',
    );
    const after = (await t.post<ListReply>(`${PERSON}/list?tab_type=owner`, { status: '0', size: 50 }, property)).body
      .data;
    expect(after.total).toBe(waiting.total - 1);
    expect(after.records.map((r) => r.id)).not.toContain(row.id);
    const refused = (
      await t.post<ListReply>(`${PERSON}/list?tab_type=owner`, { status: '2', name: row.name, size: 50 }, property)
    ).body.data;
    expect(refused.records.map((r) => r.id)).toContain(row.id);
  });
});

describe('住户: tags through the tag dialog call', () => {
  it('replaces the tags of every selected resident, an empty choice clears them, and the list carries them', async () => {
    const rows = (await t.post<ListReply>(`${PERSON}/list?tab_type=owner`, { size: 2 }, property)).body.data.records;
    const pick = rows.map((r) => Number(r.id));
    expect(
      (await t.post(`${PERSON}/batch?tab_type=owner`, { ids: pick, row: { tags: ['2', '4'] } }, property)).body.code,
    ).toBe(0);
    expect(await tagsOf(pick[0]!)).toBe('2,4');
    const listed = (await t.post<ListReply>(`${PERSON}/list?tab_type=owner`, { size: 2 }, property)).body.data.records;
    expect(listed.find((r) => r.id === pick[1])?.tags).toBe('2,4');
    expect((await t.post(`${PERSON}/batch?tab_type=owner`, { ids: pick, row: { tags: [] } }, property)).body.code).toBe(
      0,
    );
    expect(await tagsOf(pick[0]!)).toBe('');
    expect(await tagsOf(pick[1]!)).toBe('');
  });
});

describe('住户: 批量通过', () => {
  it('approves the checked residents awaiting review, leaves the others, and is offered only with the edit right', async () => {
    const waiting = await t.rows<{ id: number }>(
      sql`select id from gate_persons where status = 0 and village_id = ${ids.sunshine.id} order by id limit 2`,
    );
    const refused = await t.one<{ id: number }>(
      sql`update gate_persons set status = 2 where id = (select id from gate_persons where status = 1
        and village_id = ${ids.sunshine.id} order by id limit 1) returning id`,
    );
    expect(waiting).toHaveLength(2);
    expect((await config(property)).toolbar).toContainEqual({
      type: 'batch',
      title: '批量通过',
      selection: 'multi',
      api: `${PERSON}/reviewPass`,
      method: 'confirm',
    });
    const res = await t.post<{ count: number }>(
      `${PERSON}/reviewPass`,
      { ids: [...waiting.map((w) => w.id), refused.id].join(',') },
      property,
    );
    expect(res.body).toMatchObject({ code: 0, msg: '已审核通过2人', data: { count: 2 } });
    const after = await t.rows<{ id: number; status: number }>(
      sql`select id, status from gate_persons where id in (${waiting[0]!.id}, ${waiting[1]!.id}, ${refused.id}) order by id`,
    );
    expect(after.map((r) => [r.id, r.status])).toEqual(
      [...waiting.map((w) => [w.id, 1]), [refused.id, 2]].sort((a, b) => a[0]! - b[0]!),
    );
    expect((await t.post(`${PERSON}/reviewPass`, { ids: [] }, property)).body).toMatchObject({
      code: Code.validation,
      msg: '您还未选择数据',
    });
    expect((await t.post(`${PERSON}/reviewPass`, { ids: 'x' }, property)).body.msg).toBe('住户 格式错误');

    const viewer = await loginWithRole(t, 'batchviewer', { pages: ['GatePerson'], villages: null });
    await t.db.execute(
      sql`delete from role_resources where role_id = ${viewer.roleId} and resource_id like '%\\_edit'`,
    );
    bumpAccessVersion();
    expect((await config(viewer.token)).toolbar.map((b) => b.type)).not.toContain('batch');
    expect((await t.post(`${PERSON}/reviewPass`, { ids: [waiting[0]!.id] }, viewer.token)).body.code).toBe(
      Code.forbidden,
    );
  });
});
