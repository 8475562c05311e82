import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope } from '@5a/contracts';
import {
  residentApi,
  RESIDENT_TOKEN_HEADER,
  type ActionLinkReply,
  type LoginReply,
  type ResidentBill,
  type ResidentMe,
} from '@5a/contracts/endpoints/resident';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { CODE_TRIES, CODES_PER_PHONE_DAY, LoginMsg } from './codes.ts';

let { t, property, propertyb, ids } = {} as DemoApp;
let me: { id: number; name: string; tel: string; house_id: number };

/** a call of the phone page: its session in its own header, from its own address */
const h5 = async <T>(path: string, body: unknown, token?: string, ip = '10.0.0.1') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/xapi${path}`,
    payload: body as object,
    remoteAddress: ip,
    headers: token ? { [RESIDENT_TOKEN_HEADER]: token } : {},
  });
  return res.json() as Envelope<T>;
};
/** the code the sandbox sent, as 短信记录 shows it */
const lastCode = async (phone: string) => {
  const m = await t.one<{ content: string }>(
    sql`select content from sms_messages where phone = ${phone} order by id desc limit 1`,
  );
  return /(\d{6})/.exec(m.content)![1]!;
};
/** lets the next code be asked for at once (the one-a-minute rule is tested on its own) */
const ageCodes = (phone: string) =>
  t.db.execute(
    sql`update resident_login_codes set created_at = created_at - interval '2 minutes' where phone = ${phone}`,
  );
const signIn = async (phone: string) => {
  await ageCodes(phone);
  expect((await h5(residentApi.sendCode.path, { phone })).code).toBe(0);
  const r = await h5<LoginReply>(residentApi.login.path, { phone, code: await lastCode(phone) });
  expect(r.code, r.msg).toBe(0);
  return (r.data as { token: string }).token;
};

beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  me = await t.one(sql`update gate_persons set tel = '13912345678', status = 1
    where id = (select min(p.id) from gate_persons p join bills b on b.house_id = p.house_id and b.status = 1
      where p.village_id = ${ids.sunshine.id})
    returning id, name, tel, house_id`);
  await t.db.execute(sql`update gate_persons set tel = '' where tel = '13912345678' and id <> ${me.id}`);
});
afterAll(() => t.close());

describe('住户验证码登录', () => {
  it('refuses a malformed phone, a phone no resident holds and any other field, sending nothing', async () => {
    const before = await t.one<{ n: number }>(sql`select count(*)::int n from sms_messages`);
    expect(await h5(residentApi.sendCode.path, { phone: '1391234' })).toMatchObject({
      code: Code.validation,
      msg: '手机号码格式错误',
      data: { field: 'phone' },
    });
    expect(await h5(residentApi.sendCode.path, { phone: '13900000001' })).toMatchObject({
      code: Code.validation,
      msg: LoginMsg.notResident,
      data: { field: 'phone' },
    });
    expect((await h5(residentApi.sendCode.path, { phone: me.tel, tenant: 1 })).code).toBe(Code.validation);
    expect((await t.one<{ n: number }>(sql`select count(*)::int n from sms_messages`)).n).toBe(before.n);
  });

  it('sends a six-digit code once a minute; the sandbox keeps it in 短信记录 for staff to read', async () => {
    const sent = await h5(residentApi.sendCode.path, { phone: me.tel });
    expect(sent).toMatchObject({ code: 0, msg: '验证码已发送', data: { expires_in: 300, resend_in: 60 } });
    expect(await lastCode(me.tel)).toMatch(/^\d{6}$/);
    expect(await h5(residentApi.sendCode.path, { phone: me.tel })).toMatchObject({ msg: LoginMsg.tooSoon });
    // 短信记录: company A's staff see it, phone masked without the sensitive right; company B's do not
    const mine = await t.post<{ records: { phone: string; content: string; provider: string }[] }>(
      '/Web/Setting/SmsLog/list',
      {},
      property,
    );
    expect(mine.body.data.records[0]).toMatchObject({ provider: 'sandbox' });
    expect(mine.body.data.records[0]!.content).toContain(await lastCode(me.tel));
    const theirs = await t.post<{ records: { content: string }[] }>('/Web/Setting/SmsLog/list', {}, propertyb);
    const code = await lastCode(me.tel);
    expect(theirs.body.data.records.some((r) => r.content.includes(code))).toBe(false);
  });

  it('takes five wrong tries, then voids the code; an expired code is refused', async () => {
    const code = await lastCode(me.tel);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < CODE_TRIES; i++)
      expect(await h5(residentApi.login.path, { phone: me.tel, code: wrong })).toMatchObject({
        code: Code.validation,
        msg: LoginMsg.wrong,
        data: { field: 'code' },
      });
    expect(await h5(residentApi.login.path, { phone: me.tel, code: wrong })).toMatchObject({ msg: LoginMsg.exhausted });
    // the right code no longer opens anything
    expect(await h5(residentApi.login.path, { phone: me.tel, code })).toMatchObject({ msg: LoginMsg.expired });
    await ageCodes(me.tel);
    await h5(residentApi.sendCode.path, { phone: me.tel });
    await t.db.execute(sql`update resident_login_codes set expires_at = now() where phone = ${me.tel}`);
    expect(await h5(residentApi.login.path, { phone: me.tel, code: await lastCode(me.tel) })).toMatchObject({
      msg: LoginMsg.expired,
    });
    expect((await t.one<{ n: number }>(sql`select count(*)::int n from resident_sessions`)).n).toBe(0);
  });

  it('limits codes per phone a day and per address an hour', async () => {
    await ageCodes(me.tel);
    await t.db.execute(sql`insert into resident_login_codes (phone, code_hash, ip, expires_at, created_at)
      select ${me.tel}, 'x', '10.9.9.9', now(), now() - interval '2 hours' from generate_series(1, ${CODES_PER_PHONE_DAY})`);
    expect(await h5(residentApi.sendCode.path, { phone: me.tel })).toMatchObject({ msg: LoginMsg.phoneDay });
    await t.db.execute(sql`delete from resident_login_codes where code_hash = 'x'`);
    await t.db.execute(sql`insert into resident_login_codes (phone, code_hash, ip, expires_at)
      select '13700000000', 'x', '10.7.7.7', now() from generate_series(1, 30)`);
    expect(await h5(residentApi.sendCode.path, { phone: me.tel }, undefined, '10.7.7.7')).toMatchObject({
      msg: LoginMsg.ipHour,
    });
    await t.db.execute(sql`delete from resident_login_codes where code_hash = 'x'`);
  });

  it('signs him in: his homes with their area and modules, his unpaid bills, and paying them online', async () => {
    const token = await signIn(me.tel);
    const info = await h5<ResidentMe>(residentApi.me.path, {}, token);
    expect(info.data).toMatchObject({ phone: me.tel, action: null });
    const home = info.data.homes.find((x) => x.person_id === me.id)!;
    expect(home).toMatchObject({ village_id: ids.sunshine.id, house_id: me.house_id });
    expect(home.area).toMatch(/^\d+\.\d{2}$/);
    expect(home.modules).toContain('bill');
    const bills = await h5<ResidentBill[]>(residentApi.bills.path, {}, token);
    expect(bills.data.length).toBeGreaterThan(0);
    expect(new Set(bills.data.map((b) => b.house_id))).toEqual(new Set([me.house_id]));
    const paid = await h5<{ pay_url: string; amount: string }>(
      residentApi.pay.path,
      { bill_ids: [bills.data[0]!.id] },
      token,
    );
    expect(paid.data.pay_url).toMatch(/^\/wap_pay_page\?billInfo=/);
    expect(paid.data.amount).toBe(bills.data[0]!.total);
    // another house's bill is not his
    const other = await t.one<{ id: number }>(sql`select min(id) id from bills where status = 1
      and house_id <> ${me.house_id}`);
    expect(await h5(residentApi.pay.path, { bill_ids: [other.id] }, token)).toMatchObject({ code: Code.notFound });
    await h5(residentApi.logout.path, {}, token);
    expect(await h5(residentApi.me.path, {}, token)).toMatchObject({ code: Code.tokenInvalid, msg: '请先登录' });
    expect(await h5(residentApi.me.path, {})).toMatchObject({ code: Code.tokenInvalid });
  });

  it('hides 我的账单 where the village switched it off', async () => {
    const token = await signIn(me.tel);
    await t.db.execute(sql`delete from h5_village_modules where village_id = ${ids.sunshine.id} and module_id = 4`);
    expect((await h5<ResidentBill[]>(residentApi.bills.path, {}, token)).data).toEqual([]);
    await t.db.execute(sql`insert into h5_village_modules (tenant_id, village_id, module_id)
      values (${ids.tenantA}, ${ids.sunshine.id}, 4) on conflict do nothing`);
  });
});

describe('一次性办理链接', () => {
  it('staff send a bill link; it signs him in for that bill only', async () => {
    const targets = await t.post<{ value: number; label: string }[]>(
      residentApi.linkTargets.path,
      { person_id: me.id, action: 'bill' },
      property,
    );
    expect(targets.body.data.length).toBeGreaterThan(1);
    const [bill, otherBill] = targets.body.data;
    // not his: refused naming the field
    const other = await t.one<{ id: number }>(sql`select min(id) id from bills where status = 1
      and house_id <> ${me.house_id}`);
    expect(
      (await t.post(residentApi.sendLink.path, { person_id: me.id, action: 'bill', target_id: other.id }, property))
        .body,
    ).toMatchObject({ code: Code.validation, data: { field: 'target_id' } });
    // company B's staff do not find him
    expect(
      (await t.post(residentApi.sendLink.path, { person_id: me.id, action: 'bill', target_id: bill!.value }, propertyb))
        .body,
    ).toMatchObject({ code: Code.validation, data: { field: 'person_id' } });
    const sent = await t.post<ActionLinkReply>(
      residentApi.sendLink.path,
      { person_id: me.id, action: 'bill', target_id: bill!.value },
      property,
    );
    expect(sent.body).toMatchObject({ code: 0, msg: '链接已发送', data: { phone: me.tel } });
    const token = new URL(sent.body.data.url).searchParams.get('link')!;
    const sms = await t.one<{ content: string; purpose: string }>(
      sql`select content, purpose from sms_messages where phone = ${me.tel} order by id desc limit 1`,
    );
    expect(sms).toMatchObject({ purpose: 'link' });
    expect(sms.content).toContain(sent.body.data.url);

    const session = await h5<LoginReply>(residentApi.link.path, { token });
    expect(session.data).toMatchObject({ action: 'bill', target_id: bill!.value });
    const s = (session.data as { token: string }).token;
    expect((await h5<ResidentMe>(residentApi.me.path, {}, s)).data.homes.map((x) => x.person_id)).toEqual([me.id]);
    expect((await h5<ResidentBill[]>(residentApi.bills.path, {}, s)).data.map((b) => b.id)).toEqual([bill!.value]);
    expect(await h5(residentApi.pay.path, { bill_ids: [otherBill!.value] }, s)).toMatchObject({
      code: Code.forbidden,
      msg: '该链接仅可用于指定的操作',
    });
    expect(await h5(residentApi.link.path, { token: `${token}x` })).toMatchObject({ msg: '链接无效或已过期' });
  });
});
