import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteView } from '@5a/contracts/endpoints/community';
import type { JobContext } from '../../../core/jobs/types.ts';
import { loginWithRole, openDemo, type DemoApp } from '../../estate/testing.ts';
import { castVote, communityModule, entrustVote } from '../index.ts';

const V = '/Web/Community/Vote';
type Reply<T> = { code: number; msg: string; data: T };

describe('社区投票: review, roll, ballots, the double majority, closing and isolation', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  const post = async <T>(path: string, body: object, token = property) =>
    (await t.post<T>(`${V}/${path}`, body, token)).body as Reply<T>;
  const view = (id: number, token = property) => post<VoteView>('cview', { id }, token);
  /** a vote of 阳光花园 added through the screen, waiting for review */
  const addVote = async (row: Record<string, unknown>) => {
    const r = await post<{ id: number }>('add', {
      row: { village_id: ids.sunshine.id, etime: '2099-01-01 00:00:00', ...row },
    });
    expect(r.code, r.msg).toBe(0);
    return (await t.one<{ id: number }>(sql`select max(id)::int as id from votes`)).id;
  };
  /** a bare open resolution whose roll and ballots a test writes itself: [owner key, area in hundredths, vote] */
  const resolution = async (matter: 3 | 4, roll: [string, number, 'yes' | 'no' | 'abstain' | null][]) => {
    const [v] = await t.rows<{
      id: number;
    }>(sql`insert into votes (tenant_id, village_id, title, vote_type, state, etime)
      values (${ids.tenantA}, ${ids.sunshine.id}, '算术', ${matter}, 3, now() + interval '1 day') returning id`);
    const opts = await t.rows<{ id: number }>(sql`insert into vote_options (tenant_id, vote_id, text, sort, agree)
      values (${ids.tenantA}, ${v!.id}, '同意', 1, 1), (${ids.tenantA}, ${v!.id}, '反对', 2, 0), (${ids.tenantA}, ${v!.id}, '弃权', 3, 0) returning id`);
    const pick = { yes: opts[0]!.id, no: opts[1]!.id, abstain: opts[2]!.id };
    let house = 0;
    for (const [key, area, vote] of roll) {
      house += 1;
      await t.db.execute(sql`insert into vote_roll (tenant_id, vote_id, house_id, owner_key, area_centi)
        values (${ids.tenantA}, ${v!.id}, ${house}, ${key}, ${area})`);
      const cast = await t.rows(sql`select 1 from vote_ballots where vote_id = ${v!.id} and voter_key = ${key}`);
      if (vote && !cast.length)
        await t.db.execute(sql`insert into vote_ballots (tenant_id, vote_id, voter_key, option_id, resident_id, cast_by)
          values (${ids.tenantA}, ${v!.id}, ${key}, ${pick[vote]}, 1, 1)`);
    }
    return (await view(v!.id)).data.tally!;
  };

  beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
  afterAll(() => t.close());

  it('participation exactly at 2/3 of area and headcount is met; a hundredth less is not', async () => {
    const at = await resolution(3, [
      ['a', 10000, 'yes'],
      ['b', 10000, 'yes'],
      ['c', 10000, null],
    ]);
    expect(at).toMatchObject({ area_total: '300.00', area_voted: '200.00', owners_total: 3, owners_voted: 2 });
    expect(at.turnout_met).toBe(true);
    expect(at.passed).toBe(true);
    const below = await resolution(3, [
      ['a', 10000, 'yes'],
      ['b', 10000, 'yes'],
      ['c', 10001, null],
    ]);
    expect(below.turnout_met).toBe(false);
    expect(below.passed).toBe(false);
  });

  it('an ordinary matter needs more than half: exactly 1/2 of area or of headcount fails', async () => {
    const half = await resolution(3, [
      ['a', 10000, 'yes'],
      ['b', 10000, 'no'],
    ]);
    expect(half).toMatchObject({ turnout_met: true, owners_yes: 1, owners_voted: 2, passed: false });
    // headcount 2 of 3 but area exactly half
    const areaHalf = await resolution(3, [
      ['a', 5000, 'yes'],
      ['b', 5000, 'yes'],
      ['c', 10000, 'no'],
    ]);
    expect(areaHalf).toMatchObject({ area_yes: '100.00', area_voted: '200.00', owners_yes: 2, passed: false });
    const more = await resolution(3, [
      ['a', 5001, 'yes'],
      ['b', 5000, 'yes'],
      ['c', 10000, 'no'],
    ]);
    expect(more.passed).toBe(true);
  });

  it('a major matter needs 3/4: exactly 3/4 of both passes, one short fails; abstaining counts as taking part', async () => {
    const exact = await resolution(4, [
      ['a', 10000, 'yes'],
      ['b', 10000, 'yes'],
      ['c', 10000, 'yes'],
      ['d', 10000, 'abstain'],
    ]);
    expect(exact).toMatchObject({ matter: 'major', owners_voted: 4, owners_yes: 3, turnout_met: true, passed: true });
    const short = await resolution(4, [
      ['a', 10000, 'yes'],
      ['b', 10000, 'yes'],
      ['c', 9999, 'yes'],
      ['d', 10001, 'no'],
    ]);
    expect(short).toMatchObject({ owners_yes: 3, area_yes: '299.99', area_voted: '400.00', passed: false });
  });

  it("one owner's several units count once by head, all by area; the developer's units count once together", async () => {
    const r = await resolution(3, [
      ['a', 10000, 'yes'],
      ['a', 10000, 'yes'],
      ['a', 10000, 'yes'],
      ['dev', 5000, null],
      ['dev', 5000, null],
      ['b', 10000, 'no'],
    ]);
    expect(r).toMatchObject({
      owners_total: 3,
      owners_voted: 2,
      owners_yes: 1,
      area_total: '500.00',
      area_yes: '300.00',
    });
    // 1 of 2 by head is not more than half, though 3/4 of the area said yes
    expect(r.turnout_met).toBe(true);
    expect(r.passed).toBe(false);
  });

  it('the demo resolution passes by headcount but fails by area, and its result is in cview', async () => {
    const demo = await t.one<{ id: number }>(sql`select id from votes where title = '关于更换小区物业服务企业的表决'`);
    const r = await view(demo.id);
    expect(r.code, r.msg).toBe(0);
    const tally = r.data.tally!;
    expect(tally.turnout_met).toBe(true);
    expect(tally.owners_yes * 2).toBeGreaterThan(tally.owners_voted);
    expect(Number(tally.area_yes) * 2).toBeLessThanOrEqual(Number(tally.area_voted));
    expect(tally.passed).toBe(false);
    expect(r.data.votOptions.map((o) => o.text)).toEqual(['同意', '反对', '弃权']);
    const voters = await post<{ tel: string }[]>('cviewdetail', { rowId: demo.id, id: r.data.votOptions[0]!.id });
    expect(voters.data.length).toBe(r.data.votOptions[0]!.num);
    // the company's administrator holds 查看敏感信息; a user with the page only sees masked phones
    expect(voters.data.every((v) => /^1\d{10}$/.test(v.tel))).toBe(true);
    const { token } = await loginWithRole(t, 'voteview', { pages: ['Vote'], villages: null });
    const masked = await post<{ tel: string }[]>('cviewdetail', { rowId: demo.id, id: 0 }, token);
    expect(masked.code, masked.msg).toBe(0);
    expect(masked.data.every((v) => /^1\d{2}\*{4}\d{4}$/.test(v.tel))).toBe(true);
  });

  it('a vote is reviewed before it opens: rejected with a note, edited, approved — the roll frozen then', async () => {
    const id = await addVote({ title: '业主大会：增设充电桩', vote_type: 3 });
    expect((await t.rows(sql`select 1 from vote_roll where vote_id = ${id}`)).length).toBe(0);
    const rejected = await post('audit', { id, type: 2, auditmsg: '' });
    expect(rejected.msg).toBe('请填写驳回原因');
    expect((await post('audit', { id, type: 2, auditmsg: '材料不全' })).code).toBe(0);
    expect((await view(id)).data).toMatchObject({ state: 2, test: '材料不全' });
    expect((await post('edit', { row: { id, title: '业主大会：增设充电桩（修订）' } })).code).toBe(0);
    expect((await view(id)).data.state).toBe(1);
    expect((await post('audit', { id, type: 0, auditmsg: '同意' })).code).toBe(0);
    const roll = await t.one<{ n: number }>(sql`select count(*)::int as n from vote_roll where vote_id = ${id}`);
    const houses = await t.one<{ n: number }>(
      sql`select count(*)::int as n from houses where village_id = ${ids.sunshine.id}`,
    );
    expect(roll.n).toBe(houses.n);
    expect((await post('audit', { id, type: 0 })).msg).toBe('该投票已审核，不能重复审核');
    expect((await post('edit', { row: { id, title: 'x' } })).msg).toBe('投票已发布，不能修改');
  });

  it('owners vote for all their units, change their vote until the close, a proxy votes when entrusted', async () => {
    const id = await addVote({ title: '业主大会：外墙翻新', vote_type: 4 });
    await post('audit', { id, type: 0 });
    const [yes, no] = (await view(id)).data.votOptions;
    const [owner, other] = await t.rows<{ id: number }>(sql`select p.id from gate_persons p
      join vote_roll r on r.house_id = p.house_id and r.vote_id = ${id}
      where p.personnel_type = 1 and p.status = 1 order by p.id limit 2`);
    const base = { tenantId: ids.tenantA, voteId: id };
    expect(await castVote(t.db, { ...base, residentId: owner!.id, optionId: yes!.id })).toMatchObject({
      changed: false,
    });
    expect(await castVote(t.db, { ...base, residentId: owner!.id, optionId: no!.id })).toMatchObject({ changed: true });
    const current = await t.rows<{ option_id: number }>(
      sql`select option_id from vote_ballots where vote_id = ${id} and superseded_at is null`,
    );
    expect(current.map((c) => c.option_id)).toEqual([no!.id]);
    expect((await t.rows(sql`select 1 from vote_ballots where vote_id = ${id}`)).length).toBe(2);
    // a proxy without an entrustment is refused, with one it votes for the owner
    await expect(
      castVote(t.db, { ...base, residentId: other!.id, optionId: yes!.id, proxyFor: owner!.id }),
    ).rejects.toThrow('委托人 未委托该住户投票');
    await entrustVote(t.db, { ...base, residentId: owner!.id, proxyId: other!.id });
    await castVote(t.db, { ...base, residentId: other!.id, optionId: yes!.id, proxyFor: owner!.id });
    const voters = await post<{ name: string; proxy: string }[]>('cviewdetail', { rowId: id, id: yes!.id });
    expect(voters.data.some((v) => v.proxy !== '')).toBe(true);
    // the close job ends it at its time; no vote or change after
    await t.db.execute(sql`update votes set etime = now() - interval '1 second' where id = ${id}`);
    await communityModule.jobs![0]!.run({ db: t.db } as JobContext);
    expect((await view(id)).data.state).toBe(4);
    await expect(castVote(t.db, { ...base, residentId: owner!.id, optionId: no!.id })).rejects.toThrow('投票 已结束');
  });

  it('refuses bad ballots in Chinese naming the field, writing nothing', async () => {
    const id = await addVote({ title: '停车位划线方案', vote_type: 2, options_input: '方案一\n方案二' });
    const before = await t.one<{ n: number }>(sql`select count(*)::int as n from vote_ballots`);
    const opt = (await view(id)).data.votOptions[0]!;
    const resident = await t.one<{ id: number }>(
      sql`select id from gate_persons where village_id = ${ids.sunshine.id} and status = 1 order by id limit 1`,
    );
    const other = await t.one<{ id: number }>(
      sql`select id from gate_persons where village_id = ${ids.jade.id} and status = 1 order by id limit 1`,
    );
    const base = { tenantId: ids.tenantA, voteId: id, residentId: resident.id, optionId: opt.id };
    await expect(castVote(t.db, base)).rejects.toThrow('投票 尚未发布');
    await post('audit', { id, type: 0 });
    await expect(castVote(t.db, { ...base, optionId: 999999 })).rejects.toThrow('投票选项 不存在');
    await expect(castVote(t.db, { ...base, residentId: other.id })).rejects.toThrow('住户 不属于该投票的小区');
    await expect(castVote(t.db, { ...base, tenantId: ids.tenantB })).rejects.toThrow('数据不存在');
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from vote_ballots`)).n).toBe(before.n);
    const add = await post('add', {
      row: {
        village_id: ids.sunshine.id,
        title: '单选项',
        vote_type: 1,
        options_input: '唯一',
        etime: '2099-01-01 00:00:00',
      },
    });
    expect(add.msg).toBe('投票选项 至少填写两个');
    const past = await post('add', {
      row: { village_id: ids.sunshine.id, title: '过期', vote_type: 3, etime: '2020-01-01 00:00:00' },
    });
    expect(past.msg).toBe('截止时间 须晚于当前时间');
  });

  it("company B cannot read or review company A's votes", async () => {
    const demo = await t.one<{ id: number }>(sql`select id from votes where title = '儿童游乐区改造方案投票'`);
    for (const [path, body] of [
      ['cview', { id: demo.id }],
      ['cviewdetail', { rowId: demo.id, id: 0 }],
      ['audit', { id: demo.id, type: 0 }],
    ] as const) {
      const r = await post(path, body, propertyb);
      expect(r.msg).toBe('数据不存在');
    }
  });
});
