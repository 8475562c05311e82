import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import {
  residentApi,
  RESIDENT_TOKEN_HEADER,
  type LoginReply,
  type ResidentPost,
  type ResidentQuestionnaire,
  type ResidentQuestionnaireDetail,
  type ResidentVote,
} from '@5a/contracts/endpoints/resident';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { h5Call, signInResident } from '../testing.ts';
import { MODULE_OFF } from './home.ts';

let { t, property, ids } = {} as DemoApp;
let h5: ReturnType<typeof h5Call>;
let owner: { id: number; name: string; tel: string; house_id: number };
let token: string;

beforeAll(async () => {
  ({ t, property, ids } = await openDemo());
  h5 = h5Call(t);
  // an approved owner of 阳光花园 with a phone of his own
  owner = await t.one(sql`update gate_persons set tel = '13987654321'
    where id = (select min(id) from gate_persons where village_id = ${ids.sunshine.id} and status = 1
      and personnel_type = 1) returning id, name, tel, house_id`);
  await t.db.execute(sql`update gate_persons set tel = '' where tel = '13987654321' and id <> ${owner.id}`);
  // the demo's respondents are the first residents: he has not answered yet
  await t.db.execute(sql`delete from questionnaire_answers where resident_id = ${owner.id}`);
  token = await signInResident(t, owner.tel);
});
afterAll(() => t.close());

describe('住户手机端：问卷', () => {
  it('lists his village’s questionnaire, shows its questions and takes his answers once', async () => {
    const list = await h5<ResidentQuestionnaire[]>(residentApi.questionnaires.path, { person_id: owner.id }, token);
    expect(list.code, list.msg).toBe(0);
    const open = list.data.find((q) => !q.answered);
    expect(open).toBeDefined();
    const q = await h5<ResidentQuestionnaireDetail>(
      residentApi.questionnaire.path,
      { person_id: owner.id, id: open!.id },
      token,
    );
    expect(q.data.questions.length).toBeGreaterThan(0);
    const answers = q.data.questions.map((x) =>
      x.type === 3
        ? { question_id: x.id, text: '希望增加绿化' }
        : { question_id: x.id, option_ids: [x.options[0]!.id] },
    );
    // a bad answer names its question and writes nothing
    const bad = await h5(
      residentApi.answer.path,
      { person_id: owner.id, id: open!.id, answers: answers.slice(1) },
      token,
    );
    expect(bad.code).not.toBe(0);
    const done = await h5(residentApi.answer.path, { person_id: owner.id, id: open!.id, answers }, token);
    expect(done).toMatchObject({ code: 0, msg: '提交成功' });
    const again = await h5<ResidentQuestionnaire[]>(residentApi.questionnaires.path, { person_id: owner.id }, token);
    expect(again.data.find((x) => x.id === open!.id)!.answered).toBe(true);
    expect((await h5(residentApi.answer.path, { person_id: owner.id, id: open!.id, answers }, token)).code).not.toBe(0);
  });
});

describe('住户手机端：投票', () => {
  it('casts and changes his vote; a resolution shows the units he votes for', async () => {
    const list = await h5<ResidentVote[]>(residentApi.votes.path, { person_id: owner.id }, token);
    expect(list.code, list.msg).toBe(0);
    const poll = list.data.find((v) => v.vote_type === 1 || v.vote_type === 2)!;
    const [first, second] = poll.options;
    expect(
      await h5(residentApi.castVote.path, { person_id: owner.id, id: poll.id, option_id: first!.id }, token),
    ).toMatchObject({ code: 0, msg: '投票成功' });
    await h5(residentApi.castVote.path, { person_id: owner.id, id: poll.id, option_id: second!.id }, token);
    const after = await h5<ResidentVote[]>(residentApi.votes.path, { person_id: owner.id }, token);
    expect(after.data.find((v) => v.id === poll.id)!.my_option_id).toBe(second!.id);
    const resolution = after.data.find((v) => v.vote_type >= 3);
    if (resolution) {
      expect(resolution.units.length).toBeGreaterThan(0);
      expect(resolution.units[0]!.area).toMatch(/^\d+\.\d{2}$/);
    }
  });
});

describe('住户手机端：委托投票', () => {
  it('an owner entrusts a neighbour by name and phone; the neighbour votes for him, nobody else can', async () => {
    const proxy = await t.one<{ id: number; name: string; tel: string; house_id: number }>(sql`update gate_persons
      set tel = '13911112222' where id = (select max(id) from gate_persons where village_id = ${ids.sunshine.id}
        and status = 1 and house_id <> ${owner.house_id}) returning id, name, tel, house_id`);
    await t.db.execute(sql`update gate_persons set tel = '' where tel = '13911112222' and id <> ${proxy.id}`);
    const [poll] = (await h5<ResidentVote[]>(residentApi.votes.path, { person_id: owner.id }, token)).data.filter(
      (v) => v.vote_type === 1,
    );
    const entrust = (name: string) =>
      h5(
        residentApi.entrust.path,
        { person_id: owner.id, id: poll!.id, proxy_name: name, proxy_phone: proxy.tel },
        token,
      );
    expect(await entrust(`${proxy.name}甲`)).toMatchObject({ code: Code.validation, data: { field: 'proxy_phone' } });
    expect(await entrust(proxy.name)).toMatchObject({ code: 0, msg: '委托成功' });
    const mine = (await h5<ResidentVote[]>(residentApi.votes.path, { person_id: owner.id }, token)).data;
    expect(mine.find((v) => v.id === poll!.id)!.entrusted_to).toBe(proxy.name);

    const theirs = await signInResident(t, proxy.tel);
    const seen = (await h5<ResidentVote[]>(residentApi.votes.path, { person_id: proxy.id }, theirs)).data;
    expect(seen.find((v) => v.id === poll!.id)!.proxy_for).toEqual([
      expect.objectContaining({ person_id: owner.id, name: owner.name }),
    ]);
    const choice = poll!.options.at(-1)!.id;
    expect(
      await h5(
        residentApi.castVote.path,
        { person_id: proxy.id, id: poll!.id, option_id: choice, for_person_id: owner.id },
        theirs,
      ),
    ).toMatchObject({ code: 0, msg: '已代为投票' });
    const after = (await h5<ResidentVote[]>(residentApi.votes.path, { person_id: owner.id }, token)).data;
    expect(after.find((v) => v.id === poll!.id)!.my_option_id).toBe(choice);
    // the owner did not entrust him the other way round
    expect(
      await h5(
        residentApi.castVote.path,
        { person_id: owner.id, id: poll!.id, option_id: choice, for_person_id: proxy.id },
        token,
      ),
    ).toMatchObject({ code: Code.validation });
  });
});

describe('住户手机端：邻里圈与报修', () => {
  it('posts (a sensitive word holds it), likes and comments', async () => {
    const held = await h5<{ id: number; type: number }>(
      residentApi.createPost.path,
      { person_id: owner.id, content: '有人一起赌博吗' },
      token,
    );
    expect(held).toMatchObject({ code: 0, msg: '已提交，待审核', data: { type: 1 } });
    const feed = await h5<ResidentPost[]>(residentApi.posts.path, { person_id: owner.id }, token);
    expect(feed.data.find((p) => p.id === held.data.id)).toMatchObject({ mine: true, type: 1 });
    const other = feed.data.find((p) => !p.mine && p.type === 0)!;
    expect(
      await h5(residentApi.likePost.path, { person_id: owner.id, post_id: other.id, like: true }, token),
    ).toMatchObject({ code: 0, data: { liked: true } });
    expect(
      await h5(residentApi.commentPost.path, { person_id: owner.id, post_id: other.id, content: '赞' }, token),
    ).toMatchObject({ code: 0, msg: '评论成功' });
    const again = await h5<ResidentPost[]>(residentApi.posts.path, { person_id: owner.id }, token);
    expect(again.data.find((p) => p.id === other.id)).toMatchObject({ liked: true, comments: other.comments + 1 });
  });

  it('reports a repair as a work order 待受理 of his village, from 住户; refuses another company’s picture', async () => {
    const bad = await h5(
      residentApi.reportRepair.path,
      {
        person_id: owner.id,
        problem: '厨房漏水',
        imgs: [`t${ids.tenantB}/202601/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`],
      },
      token,
    );
    expect(bad).toMatchObject({ code: Code.validation, data: { field: 'imgs' } });
    expect(await h5(residentApi.reportRepair.path, { person_id: owner.id, problem: ' ' }, token)).toMatchObject({
      msg: '请填写报修内容',
    });
    const r = await h5<{ id: number }>(
      residentApi.reportRepair.path,
      { person_id: owner.id, problem: '厨房漏水' },
      token,
    );
    expect(r).toMatchObject({ code: 0, msg: '提交成功，物业将尽快处理' });
    expect(
      await t.one(sql`select village_id, house_id, source, status, tel from repair_orders where id = ${r.data.id}`),
    ).toEqual({ village_id: ids.sunshine.id, house_id: owner.house_id, source: 2, status: 0, tel: owner.tel });
  });

  it('uploads a picture under his company, only when signed in', async () => {
    const form = (tok?: string) => {
      const boundary = '----5a';
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/xapi${residentApi.upload.path}`,
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(tok ? { [RESIDENT_TOKEN_HEADER]: tok } : {}),
        },
      });
    };
    expect((await form()).json()).toMatchObject({ code: Code.tokenInvalid });
    const ok = (await form(token)).json() as { code: number; data: { path: string } };
    expect(ok.code).toBe(0);
    expect(ok.data.path.startsWith(`t${ids.tenantA}/`)).toBe(true);
    // posted, the feed gives it an address his browser loads without any header, for a while
    await h5(residentApi.createPost.path, { person_id: owner.id, content: '楼下花开了', imgs: [ok.data.path] }, token);
    const feed = await h5<ResidentPost[]>(residentApi.posts.path, { person_id: owner.id }, token);
    const url = feed.data.find((p) => p.content === '楼下花开了')!.img[0]!;
    expect(url).toMatch(/^\/xapi\/H5\/Resident\/file\/t\d+\/.*\?exp=\d+&sig=/);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const forged = await t.app.inject({
      method: 'GET',
      url: url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
    });
    expect(forged.statusCode).toBe(404);
  });
});

describe('住户手机端：范围', () => {
  it('acts only as his own homes, only where the village has the module on', async () => {
    const stranger = await t.one<{ id: number }>(
      sql`select min(id) id from gate_persons where village_id = ${ids.sunshine.id} and id <> ${owner.id}`,
    );
    expect(await h5(residentApi.votes.path, { person_id: stranger.id }, token)).toMatchObject({
      code: Code.notFound,
    });
    await t.db.execute(sql`delete from h5_village_modules where village_id = ${ids.sunshine.id} and module_id = 3`);
    expect(await h5(residentApi.posts.path, { person_id: owner.id }, token)).toMatchObject({ msg: MODULE_OFF });
    await t.db.execute(sql`insert into h5_village_modules (tenant_id, village_id, module_id)
      values (${ids.tenantA}, ${ids.sunshine.id}, 3) on conflict do nothing`);
  });

  it('a questionnaire link reaches that questionnaire only, never the circle', async () => {
    const targets = await t.post<{ value: number }[]>(
      residentApi.linkTargets.path,
      { person_id: owner.id, action: 'questionnaire' },
      property,
    );
    expect(targets.body.code, targets.body.msg).toBe(0);
    const target = targets.body.data[0]!.value;
    const sent = await t.post<{ url: string }>(
      residentApi.sendLink.path,
      { person_id: owner.id, action: 'questionnaire', target_id: target },
      property,
    );
    const link = new URL(sent.body.data.url).searchParams.get('link')!;
    const s = ((await h5<LoginReply>(residentApi.link.path, { token: link })).data as { token: string }).token;
    const list = await h5<ResidentQuestionnaire[]>(residentApi.questionnaires.path, { person_id: owner.id }, s);
    expect(list.data.map((q) => q.id)).toEqual([target]);
    expect(await h5(residentApi.posts.path, { person_id: owner.id }, s)).toMatchObject({ code: Code.forbidden });
    expect(await h5(residentApi.votes.path, { person_id: owner.id }, s)).toMatchObject({ code: Code.forbidden });
  });
});
