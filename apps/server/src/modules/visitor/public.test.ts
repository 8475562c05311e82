import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { VisitorQrReply } from '@5a/contracts/endpoints/visitor';
import { demoIds, type DemoIds } from '../estate/testing.ts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { VISITOR_REG_PER_MINUTE } from './routes.ts';
import { publicCalls, queryOf } from './testing.ts';
import { signVisitorToken, visitorTokenKey } from './token.ts';

const Q = '/Web/Internet/Visitor';
const dataDir = mkdtempSync(join(tmpdir(), '5a-visitor-'));

describe('the visitor QR code and the public registration page', () => {
  let t: TestApp;
  let property: string;
  let ids: DemoIds;
  let pub: ReturnType<typeof publicCalls>;

  const qrOf = async (villageId: number) => {
    const r = await t.post<VisitorQrReply>(`${Q}/qrcode`, { village_id: villageId }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from visitors`)).n;
  let ip = 0;
  // a fresh address per registration: the rules are tested, not the budget
  const nextIp = () => `10.3.${Math.floor(++ip / 200)}.${ip % 200}`;
  const avatarFor = async (query: { type: string; id: string }) => {
    const up = await pub.upload(query, undefined, nextIp());
    expect(up.code, up.msg).toBe(0);
    return up.data!.path;
  };

  beforeAll(async () => {
    t = await setupApp({ dataDir });
    ids = await demoIds(t);
    property = await t.login('property');
    pub = publicCalls(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows a village's code: the same link until revoked, a signed token, the village on the page", async () => {
    const a = await qrOf(ids.sunshine.id);
    expect(a.url).toMatch(/\/visitor_reg\?type=1&id=[\w-]+\.[\w-]{32}$/);
    expect(a).toMatchObject({ village_name: '阳光花园', f_visitor_registration: 1 });
    expect(a.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await qrOf(ids.sunshine.id)).url).toBe(a.url);
    const page = await pub.acModel(queryOf(a));
    expect(page).toMatchObject({ code: 0, data: { name: '阳光花园', closed: 2, f_visitor_registration: 1 } });
    // nothing beyond what the page shows
    expect(Object.keys(page.data as object).sort()).toEqual(['closed', 'f_visitor_registration', 'name']);
  });

  it('answers a wrong query 参数错误, an expired or revoked code 二维码已过期', async () => {
    const a = await qrOf(ids.jade.id);
    const q = queryOf(a);
    for (const bad of [
      { type: '2', id: q.id },
      { type: '1', id: 'nonsense' },
      { type: '1', id: `${q.id.split('.')[0]}.${'A'.repeat(32)}` },
      { type: '1', id: '' },
    ]) {
      const r = await pub.acModel(bad);
      expect(r, JSON.stringify(bad)).toMatchObject({
        code: Code.validation,
        msg: '参数错误',
        data: { field: expect.any(String) },
      });
    }
    // a token signed for another expiry (an altered one) names no code
    await t.db.execute(sql`update visitor_qrcodes set expires_at = expires_at + interval '1 day' where id = ${a.id}`);
    expect(await pub.acModel(q)).toMatchObject({ code: Code.validation, msg: '参数错误' });
    await t.db.execute(sql`update visitor_qrcodes set expires_at = expires_at - interval '1 day' where id = ${a.id}`);
    expect((await pub.acModel(q)).code).toBe(0);

    // revoked, the printed code stops at once: the page, the registration and the upload all say so
    const r = await t.post<{ revoked: number }>(`${Q}/revokeQr`, { village_id: ids.jade.id }, property);
    expect(r.body, r.body.msg).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect(await pub.acModel(q)).toMatchObject({ code: Code.expired, msg: '二维码已过期', data: null });
    expect((await pub.reg({ name: '张三', phone: '13812345678', fklxidx: 1, avatar: 'x' }, q)).msg).toBe(
      '二维码已过期',
    );
    expect((await pub.upload(q, undefined, nextIp())).msg).toBe('二维码已过期');
    // showing the code again makes a new one
    const next = await qrOf(ids.jade.id);
    expect(next.url).not.toBe(a.url);
    expect((await pub.acModel(queryOf(next))).code).toBe(0);
  });

  it('expires a code at its time: the signed expiry is the row’s, and past it the page says 二维码已过期', async () => {
    const a = await qrOf(ids.sunshine.id);
    // move now past the expiry by moving the expiry (and the token with it) into the past
    await t.db.execute(
      sql`update visitor_qrcodes set expires_at = date_trunc('second', now() - interval '1 hour') where id = ${a.id}`,
    );
    const row = await t.one<{ e: number }>(
      sql`select floor(extract(epoch from expires_at))::bigint as e from visitor_qrcodes where id = ${a.id}`,
    );
    const token = signVisitorToken(visitorTokenKey('test-config-secret-key')!, a.id, new Date(Number(row.e) * 1000));
    expect(await pub.acModel({ type: '1', id: token })).toMatchObject({ code: Code.expired, msg: '二维码已过期' });
  });

  it('tells the page a village switched registration off, and takes nothing there', async () => {
    const a = await qrOf(ids.sunshine.id);
    const q = queryOf(a);
    const avatar = await avatarFor(q);
    const off = await t.post(`${Q}/setting`, { village_id: ids.sunshine.id, f_visitor_registration: 2 }, property);
    expect(off.body.code, off.body.msg).toBe(0);
    expect(await pub.acModel(q)).toMatchObject({ code: 0, data: { f_visitor_registration: 2 } });
    const before = await count();
    const r = await pub.reg({ name: '张三', phone: '13812345678', fklxidx: 1, avatar }, q, nextIp());
    expect(r).toMatchObject({ code: Code.disabled, msg: '该小区已关闭访客登记功能' });
    expect((await pub.upload(q, undefined, nextIp())).msg).toBe('该小区已关闭访客登记功能');
    expect(await count()).toBe(before);
    await t.post(`${Q}/setting`, { village_id: ids.sunshine.id, f_visitor_registration: 1 }, property);
    // a closed village (停用) is closed to visitors too
    await t.db.execute(sql`update villages set closed = 1 where id = ${ids.sunshine.id}`);
    expect(await pub.acModel(q)).toMatchObject({ code: 0, data: { closed: 1 } });
    expect((await pub.reg({ name: '张三', phone: '13812345678', fklxidx: 1, avatar }, q, nextIp())).code).toBe(
      Code.disabled,
    );
    await t.db.execute(sql`update villages set closed = 2 where id = ${ids.sunshine.id}`);
    // a company whose 门禁 service lapsed takes no visitors: its villages read as closed
    const lapse = (end: string) =>
      t.db.execute(sql`update tenant_services set end_date = ${end}::date
        where tenant_id = ${ids.tenantA} and service_id = (select id from services where code = 'access')`);
    await lapse('2000-01-01');
    try {
      expect(await pub.acModel(q)).toMatchObject({ code: 0, data: { f_visitor_registration: 2 } });
      expect((await pub.reg({ name: '张三', phone: '13812345678', fklxidx: 1, avatar }, q, nextIp())).code).toBe(
        Code.disabled,
      );
    } finally {
      await lapse('2099-12-31');
    }
    expect(await pub.acModel(q)).toMatchObject({ code: 0, data: { f_visitor_registration: 1, closed: 2 } });
  });

  it("registers a visitor with the page's rules and messages, 待审核 in the code's village", async () => {
    const q = queryOf(await qrOf(ids.sunshine.id));
    const avatar = await avatarFor(q);
    expect(avatar).toMatch(new RegExp(`^t${ids.tenantA}/\\d{6}/[a-f0-9-]{36}\\.png$`));
    const good = { name: '张三', phone: '13812345678', fklx: '商务拜访', fklxidx: 4, avatar };
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, name: '' }, '请填写姓名'],
      [{ ...good, name: '   ' }, '请填写姓名'],
      [{ ...good, name: undefined }, '请填写姓名'],
      [{ ...good, phone: '' }, '请填写手机号'],
      [{ ...good, phone: '12812345678' }, '手机号码格式错误！'],
      [{ ...good, phone: '1381234567' }, '手机号码格式错误！'],
      [{ ...good, phone: '138123456789' }, '手机号码格式错误！'],
      [{ ...good, fklxidx: '' }, '请选择访客类型'],
      [{ ...good, fklxidx: 7 }, '请选择访客类型'],
      [{ ...good, fklxidx: undefined }, '请选择访客类型'],
      [{ ...good, fklx: '租客' }, '访客类型 格式错误'],
      [{ ...good, avatar: '' }, '请上传头像'],
      // a path that is no upload of this company's visitor page
      [{ ...good, avatar: `t${ids.tenantB}/202601/00000000-0000-0000-0000-000000000000.png` }, '请上传头像'],
      [{ ...good, avatar: avatar.replace(/[a-f0-9]{12}\.png$/, '000000000000.png') }, '请上传头像'],
    ];
    for (const [values, msg] of cases) {
      const r = await pub.reg(values, q, nextIp());
      expect(r, JSON.stringify(values)).toMatchObject({ code: Code.validation, msg });
    }
    expect(await count()).toBe(before);
    const ok = await pub.reg(good, q, nextIp());
    expect(ok).toMatchObject({ code: 0, msg: '登记成功' });
    const row = await t.one<Record<string, unknown>>(
      sql`select tenant_id, village_id, name, phone, fklxidx, avatar, status from visitors where id = ${ok.data!.id}`,
    );
    expect(row).toEqual({
      tenant_id: ids.tenantA,
      village_id: ids.sunshine.id,
      name: '张三',
      phone: '13812345678',
      fklxidx: 4,
      avatar,
      status: 0,
    });
    // the type may come as the form's string too
    expect((await pub.reg({ ...good, fklxidx: '2', fklx: undefined }, q, nextIp())).code).toBe(0);
  });

  it('accepts nothing but what the form sends', async () => {
    const q = queryOf(await qrOf(ids.sunshine.id));
    const avatar = await avatarFor(q);
    const good = { name: '李四', phone: '13912345678', fklxidx: 1, avatar };
    const before = await count();
    for (const [payload, msg] of [
      [{ values: { ...good, status: 1 }, query: q }, '不支持的字段：status'],
      [{ values: { ...good, tenant_id: ids.tenantB }, query: q }, '不支持的字段：tenant_id'],
      [{ values: good, query: { ...q, village_id: ids.anju.id } }, '不支持的字段：village_id'],
      [{ values: good, query: q, pass_end: '2099-01-01 00:00:00' }, '不支持的字段：pass_end'],
      [{ data: { values: good, query: q } }, '参数错误'],
    ] as const) {
      const r = await pub.raw('/Web/NoLoginApi/VisitorReg/reg', payload, nextIp());
      expect(r.code, JSON.stringify(payload)).toBe(Code.validation);
      expect(r.msg).toContain(msg);
    }
    expect((await pub.raw('/Web/NoLoginApi/VisitorReg/AcModel', { query: q, x: 1 }, nextIp())).msg).toContain(
      '不支持的字段：x',
    );
    expect(await count()).toBe(before);
    // the upload takes pictures only, and only with a valid code
    expect((await pub.upload(q, Buffer.from('MZ'.padEnd(400, 'x')), nextIp())).code).not.toBe(0);
    expect((await pub.upload({ type: '1', id: 'forged' }, undefined, nextIp())).msg).toBe('参数错误');
  });

  it('rate-limits each public call per client address', async () => {
    const q = queryOf(await qrOf(ids.sunshine.id));
    const statuses: number[] = [];
    for (let i = 0; i <= VISITOR_REG_PER_MINUTE; i++) statuses.push((await pub.acModel(q, '10.9.9.1')).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // another address keeps its own budget, and so does another call of the same address
    expect((await pub.acModel(q, '10.9.9.2')).status).toBe(200);
    expect((await pub.reg({}, q, '10.9.9.1')).status).toBe(200);
  });
});
