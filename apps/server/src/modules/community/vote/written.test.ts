import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteView, VoteVoter, VoteVoterOption } from '@5a/contracts/endpoints/community';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { castVote } from '../index.ts';

const V = '/Web/Community/Vote';
type Reply<T> = { code: number; msg: string; data: T };

describe('录入书面表决: staff enter paper ballots, the developer votes for its unowned units', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  const post = async <T>(path: string, body: object, token = property) =>
    (await t.post<T>(`${V}/${path}`, body, token)).body as Reply<T>;
  const ballots = async (id: number) =>
    (await t.one<{ n: number }>(sql`select count(*)::int as n from vote_ballots where vote_id = ${id}`)).n;
  let resolution = 0;
  let poll = 0;
  let options: VoteView['votOptions'] = [];

  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    // two new units without an owner: the developer's, whatever the demo's houses hold
    const b = await t.one<{ id: number }>(sql`select id from buildings where village_id = ${ids.sunshine.id} limit 1`);
    await t.db.execute(sql`insert into houses (tenant_id, village_id, building_id, unit_name, floor, name, area)
      values (${ids.tenantA}, ${ids.sunshine.id}, ${b.id}, '9单元', 30, '3001', 120.5),
             (${ids.tenantA}, ${ids.sunshine.id}, ${b.id}, '9单元', 30, '3002', 80)`);
    const add = async (title: string, vote_type: number, options_input?: string) => {
      const r = await post('add', {
        row: { village_id: ids.sunshine.id, title, vote_type, options_input, etime: '2099-01-01 00:00:00' },
      });
      expect(r.code, r.msg).toBe(0);
      const { id } = await t.one<{ id: number }>(sql`select max(id)::int as id from votes`);
      expect((await post('audit', { id, type: 0 })).code).toBe(0);
      return id;
    };
    resolution = await add('业主大会：选聘物业服务企业', 3);
    poll = await add('小区绿化意见征集', 2, '增加乔木\n增加草坪');
    options = (await post<VoteView>('cview', { id: resolution })).data.votOptions;
  });
  afterAll(() => t.close());

  it("the developer's ballot counts once for all its units, by area too, and names who entered it", async () => {
    const roll = await t.one<{ n: number; area: number }>(
      sql`select count(*)::int as n, sum(area_centi)::int as area from vote_roll where vote_id = ${resolution} and owner_key = 'dev'`,
    );
    expect(roll.n).toBeGreaterThanOrEqual(2);
    const voters = await post<{ list: VoteVoterOption[]; developer_units: number }>('voters', { id: resolution });
    expect(voters.data.developer_units).toBe(roll.n);
    const yes = options.find((o) => o.status === 1)!;
    const r = await post<{ changed: boolean }>('written', {
      id: resolution,
      voter: 'dev',
      optionId: yes.id,
      remark: '建设单位书面意见（盖章）',
    });
    expect(r).toMatchObject({ code: 0, msg: '书面表决已录入', data: { changed: false } });
    const tally = (await post<VoteView>('cview', { id: resolution })).data.tally!;
    expect(tally.owners_voted).toBe(1);
    expect(tally.owners_yes).toBe(1);
    expect(Math.round(Number(tally.area_voted) * 100)).toBe(roll.area);
    const [dev] = (await post<VoteVoter[]>('cviewdetail', { rowId: resolution, id: 0 })).data;
    expect(dev).toMatchObject({
      name: '建设单位',
      address: `未登记业主的房屋 ${roll.n} 套`,
      vote: yes.text,
      remark: '建设单位书面意见（盖章）',
    });
    expect(dev!.recorder).not.toBe('');
    // changed on a second paper: the first stays on record, superseded
    const no = options.find((o) => o.status !== 1)!;
    const again = await post<{ changed: boolean }>('written', { id: resolution, voter: 'dev', optionId: no.id });
    expect(again.data.changed).toBe(true);
    expect((await post<VoteView>('cview', { id: resolution })).data.tally!.owners_yes).toBe(0);
    expect(await ballots(resolution)).toBe(2);
  });

  it("an owner's paper ballot counts as his own, and his later phone vote changes it", async () => {
    const { data } = await post<{ list: VoteVoterOption[] }>('voters', { id: resolution });
    const owner = data.list.find((p) => !p.voted)!;
    const before = await t.one<{ n: number }>(
      sql`select count(distinct owner_key)::int as n from vote_roll r join gate_persons p on p.house_id = r.house_id
          where r.vote_id = ${resolution} and p.id = ${owner.id}`,
    );
    expect(before.n).toBe(1);
    const r = await post('written', { id: resolution, voter: owner.id, optionId: options[0]!.id, remark: '纸质票' });
    expect(r.code, r.msg).toBe(0);
    const listed = await post<{ list: VoteVoterOption[] }>('voters', { id: resolution, name: owner.name });
    expect(listed.data.list.find((p) => p.id === owner.id)?.voted).toBe(true);
    const row = await t.one<{ recorded_by: number | null; resident_id: number }>(
      sql`select recorded_by, resident_id from vote_ballots where vote_id = ${resolution} and resident_id = ${owner.id} and superseded_at is null`,
    );
    expect(row.recorded_by).not.toBeNull();
    // on the phone later he votes otherwise: his paper gives way
    const phone = await castVote(t.db, {
      tenantId: ids.tenantA,
      voteId: resolution,
      residentId: owner.id,
      optionId: options[1]!.id,
    });
    expect(phone.changed).toBe(true);
    const now = await t.one<{ recorded_by: number | null; option_id: number }>(
      sql`select recorded_by, option_id from vote_ballots where vote_id = ${resolution} and resident_id = ${owner.id} and superseded_at is null`,
    );
    expect(now).toEqual({ recorded_by: null, option_id: options[1]!.id });
  });

  it('refuses bad entries in Chinese naming the field, writing nothing', async () => {
    const before = await ballots(poll);
    const pollOption = (await post<VoteView>('cview', { id: poll })).data.votOptions[0]!;
    const cases: [object, string][] = [
      [{ id: poll, voter: 'dev', optionId: pollOption.id }, '只有业主大会表决才有建设单位的表决票'],
      [{ id: poll, voter: '', optionId: pollOption.id }, '请选择投票人'],
      [{ id: poll, voter: 999999, optionId: pollOption.id }, '住户 不存在或未通过审核'],
      [{ id: poll, voter: 'dev', optionId: 999999 }, '只有业主大会表决才有建设单位的表决票'],
      [{ id: resolution, voter: 'dev', optionId: pollOption.id }, '投票选项 不存在'],
      [{ id: poll, voter: 'dev', optionId: pollOption.id, remark: '长'.repeat(201) }, '备注 不能超过200个字符'],
    ];
    for (const [body, msg] of cases) expect((await post('written', body)).msg).toBe(msg);
    const other = await t.one<{ id: number }>(
      sql`select id from gate_persons where village_id = ${ids.jade.id} and status = 1 order by id limit 1`,
    );
    const wrong = await post('written', { id: poll, voter: other.id, optionId: pollOption.id });
    expect(wrong).toMatchObject({ msg: '住户 不属于该投票的小区' });
    expect(await ballots(poll)).toBe(before);
    // a closed vote takes no paper either
    await t.db.execute(sql`update votes set etime = now() - interval '1 second' where id = ${poll}`);
    const late = await post('written', { id: poll, voter: other.id, optionId: pollOption.id });
    expect(late.msg).toBe('投票 已结束，不能再投票或改票');
  });

  it("company B neither lists nor records company A's voters", async () => {
    expect((await post('voters', { id: resolution }, propertyb)).msg).toBe('数据不存在');
    const r = await post('written', { id: resolution, voter: 'dev', optionId: options[0]!.id }, propertyb);
    expect(r.msg).toBe('数据不存在');
  });
});
