import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { loginWithRole, openDemo, type DemoApp } from '../../estate/testing.ts';
import { commentPost, createPost, likePost, listPosts } from '../index.ts';

const N = '/Web/Community/Neighbour';
type Row = Record<string, unknown> & { id: number; type: number; phone: string; name: string; loves: number };
type Page = { records: Row[]; total: number };

describe('邻里圈: sensitive words hold a post, audit, likes, comments, masking and tenant isolation', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let resident = { tenantId: 0, personId: 0 };
  let neighbour = { tenantId: 0, personId: 0 };
  let residentB = { tenantId: 0, personId: 0 };
  const list = async (body: Record<string, unknown> = {}, token = property) =>
    (await t.post<Page>(`${N}/list`, { current: 1, size: 100, ...body }, token)).body;
  const count = async (table: string) =>
    (await t.one<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`)).n;

  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    const people = await t.rows<{ id: number; tenant_id: number }>(
      sql`select id, tenant_id from gate_persons where village_id = ${ids.sunshine.id} order by id limit 2`,
    );
    resident = { tenantId: people[0]!.tenant_id, personId: people[0]!.id };
    neighbour = { tenantId: people[1]!.tenant_id, personId: people[1]!.id };
    const b = await t.one<{ id: number; tenant_id: number }>(
      sql`select id, tenant_id from gate_persons where village_id = ${ids.anju.id} order by id limit 1`,
    );
    residentB = { tenantId: b.tenant_id, personId: b.id };
  });
  afterAll(() => t.close());

  it('lists the demo posts in every state with likes and comments, newest first', async () => {
    const page = await list();
    expect(page.code, page.msg).toBe(0);
    expect(new Set(page.data.records.map((r) => r.type))).toEqual(new Set([0, 1, 2]));
    const ids_ = page.data.records.map((r) => r.id);
    expect([...ids_].sort((a, b) => b - a)).toEqual(ids_);
    expect(page.data.records.some((r) => r.loves > 0 && Number(r.comments) > 0)).toBe(true);
    expect((await list({ type: 1 })).data.records.every((r) => r.type === 1 && r.held_words !== '')).toBe(true);
  });

  it('publishes a clean post at once and holds one with a sensitive word, which the audit approves', async () => {
    const clean = await createPost(t.db, resident, { content: '  今晚小区广场有露天电影  ', imgs: ['/a.jpg'] });
    expect(clean).toMatchObject({ type: 0, held_words: '' });
    const held = await createPost(t.db, resident, { content: '有需要代开发票的私聊' });
    expect(held).toMatchObject({ type: 1, held_words: '代开发票' });
    // the neighbour sees the clean post, not the held one; the poster sees both
    const theirs = await listPosts(t.db, neighbour);
    expect(theirs.map((p) => p.id)).toContain(clean.id);
    expect(theirs.map((p) => p.id)).not.toContain(held.id);
    expect((await listPosts(t.db, resident)).map((p) => p.id)).toEqual(expect.arrayContaining([clean.id, held.id]));

    const detail = await t.post<Record<string, unknown>>(`${N}/auditDetail`, { id: held.id }, property);
    expect(detail.body.data).toMatchObject({
      id: held.id,
      type: 1,
      held_words: '代开发票',
      village_id: ids.sunshine.id,
    });
    const ok = await t.post(`${N}/audit`, { id: held.id, type: 0, auditmsg: '' }, property);
    expect(ok.body).toMatchObject({ code: 0, msg: '审核成功', data: { id: held.id, type: 0 } });
    expect((await listPosts(t.db, neighbour)).map((p) => p.id)).toContain(held.id);
    const again = await t.post(`${N}/audit`, { id: held.id, type: 2, auditmsg: 'x' }, property);
    expect(again.body).toMatchObject({ code: Code.fail, msg: '该动态已审核，不能重复审核' });
  });

  it('rejects with a reason, and refuses a rejection without one or an unknown verdict, writing nothing', async () => {
    const held = await createPost(t.db, resident, { content: '赌博游戏拉人' });
    const noReason = await t.post(`${N}/audit`, { id: held.id, type: 2 }, property);
    expect(noReason.body).toMatchObject({ code: Code.validation, msg: '请填写驳回原因', data: { field: 'auditmsg' } });
    const bad = await t.post(`${N}/audit`, { id: held.id, type: 1 }, property);
    expect(bad.body).toMatchObject({ code: Code.validation, msg: '请选择审核结果' });
    expect((await t.one<{ type: number }>(sql`select type from community_posts where id = ${held.id}`)).type).toBe(1);
    const r = await t.post(`${N}/audit`, { id: held.id, type: 2, auditmsg: '含违规内容' }, property);
    expect(r.body.code).toBe(0);
    expect(await t.one(sql`select type, auditmsg from community_posts where id = ${held.id}`)).toEqual({
      type: 2,
      auditmsg: '含违规内容',
    });
    const mine = (await listPosts(t.db, resident)).find((p) => p.id === held.id);
    expect(mine).toMatchObject({ type: 2, auditmsg: '含违规内容', mine: true });
  });

  it('counts likes once per resident, takes comments, and shows both in 个人动态', async () => {
    const post = await createPost(t.db, resident, { content: '失物招领：一把钥匙', imgs: ['/k1.jpg', '/k2.jpg'] });
    expect(await likePost(t.db, neighbour, { post_id: post.id })).toEqual({ loves: 1 });
    expect(await likePost(t.db, neighbour, { post_id: post.id })).toEqual({ loves: 1 });
    expect(await likePost(t.db, resident, { post_id: post.id })).toEqual({ loves: 2 });
    expect(await likePost(t.db, resident, { post_id: post.id, like: false })).toEqual({ loves: 1 });
    await commentPost(t.db, neighbour, { post_id: post.id, content: '是我的，谢谢！' });
    const dyn = await t.post<{ info: object; loves: number; Comment: { content: string }[] }>(
      `${N}/dynamics`,
      { id: post.id },
      property,
    );
    expect(dyn.body.data).toMatchObject({
      info: { nickname: expect.any(String), say: '失物招领：一把钥匙', img: ['/k1.jpg', '/k2.jpg'] },
      loves: 1,
      Comment: [{ content: '是我的，谢谢！' }],
    });
    const feed = (await listPosts(t.db, neighbour)).find((p) => p.id === post.id);
    expect(feed).toMatchObject({ loves: 1, comments: 1, liked: true, mine: false });
  });

  it('refuses bad input in Chinese naming the field, and writes nothing', async () => {
    const before = [await count('community_posts'), await count('community_post_comments')];
    // each call made only when its turn comes: a rejection nobody awaits yet would fail the run
    const cases: [() => Promise<unknown>, string, string][] = [
      [() => createPost(t.db, resident, { content: '   ' }), '请填写动态内容', 'content'],
      [() => createPost(t.db, resident, { content: 'x'.repeat(1001) }), '动态内容 不能超过1000个字符', 'content'],
      [() => createPost(t.db, resident, { content: 'ok', imgs: Array(10).fill('/a.jpg') }), '图片 最多9张', 'imgs'],
      [() => createPost(t.db, resident, { content: 'ok', category_id: 999999 }), '分类 不存在', 'category_id'],
      [() => commentPost(t.db, resident, { post_id: 1, content: '' }), '请填写评论内容', 'content'],
      [() => likePost(t.db, resident, { post_id: 'abc' }), '动态 格式错误', 'post_id'],
    ];
    for (const [call, msg, field] of cases)
      await expect(call()).rejects.toMatchObject({ code: Code.validation, message: msg, data: { field } });
    const post = (await listPosts(t.db, resident))[0]!;
    await expect(commentPost(t.db, neighbour, { post_id: post.id, content: '高利贷了解一下' })).rejects.toMatchObject({
      message: '评论内容 含有敏感词：高利贷',
      data: { field: 'content' },
    });
    expect([await count('community_posts'), await count('community_post_comments')]).toEqual(before);
  });

  it('masks phones without 查看敏感信息 and shows them with it', async () => {
    const plain = await loginWithRole(t, 'neighbour-plain', { pages: ['Neighbour'], villages: null });
    const masked = (await list({}, plain.token)).data.records[0]!;
    expect(masked.phone).toMatch(/^\d{3}\*+\d{4}$/);
    const detail = await t.post<{ phone: string }>(`${N}/auditDetail`, { id: masked.id }, plain.token);
    expect(detail.body.data.phone).toMatch(/\*/);
    expect((await list({})).data.records.find((r) => r.id === masked.id)!.phone).not.toMatch(/\*/);
    // no detail and no verdict without the page
    const other = await loginWithRole(t, 'neighbour-none', { pages: ['Building'], villages: null });
    expect((await t.post(`${N}/auditDetail`, { id: masked.id }, other.token)).body.code).toBe(Code.forbidden);
    expect((await t.post(`${N}/audit`, { id: masked.id, type: 0 }, other.token)).body.code).toBe(Code.forbidden);
  });

  it("keeps company B out of A's posts and A's residents out of B's", async () => {
    const a = (await list()).data.records[0]!;
    const theirs = (await list({}, propertyb)).data.records;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((x) => x.id)).not.toContain(a.id);
    for (const path of ['auditDetail', 'dynamics'])
      expect((await t.post(`${N}/${path}`, { id: a.id }, propertyb)).body).toMatchObject({ msg: '数据不存在' });
    expect((await t.post(`${N}/audit`, { id: a.id, type: 0 }, propertyb)).body).toMatchObject({ msg: '数据不存在' });
    // a resident of B can neither see nor like A's posts, nor act as A's resident
    expect((await listPosts(t.db, residentB)).map((p) => p.id)).not.toContain(a.id);
    await expect(likePost(t.db, residentB, { post_id: a.id })).rejects.toMatchObject({ message: '数据不存在' });
    await expect(
      createPost(t.db, { tenantId: residentB.tenantId, personId: resident.personId }, { content: 'x' }),
    ).rejects.toMatchObject({ message: '数据不存在' });
  });

  it('keeps one copy of a sensitive word per company', async () => {
    const W = '/Web/Community/SensitiveWord';
    const dup = await t.post(`${W}/add`, { row: { word: '赌博' } }, property);
    expect(dup.body).toMatchObject({ code: Code.validation, msg: '敏感词 已存在' });
    // company B adds to its own list
    const own = await t.post(`${W}/add`, { row: { word: '内部高利贷' } }, propertyb);
    expect(own.body.code, own.body.msg).toBe(0);
    const empty = await t.post(`${W}/add`, { row: { word: '' } }, property);
    expect(empty.body).toMatchObject({ code: Code.validation, msg: '请输入敏感词' });
  });
});
