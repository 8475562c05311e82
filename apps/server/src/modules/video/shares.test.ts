import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { ShareCreateReply, ShareRow, VideoListReply } from '@5a/contracts/endpoints/video';
import { demoIds, type DemoIds } from '../estate/testing.ts';
import { bumpAccessVersion } from '../rbac/index.ts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { OPEN_MONITOR_PER_MINUTE } from './routes.ts';

const S = '/Web/Internet/MonitorShare';
const OPEN = '/Web/NoLoginApi/MonitorVideo/getVideoList';

describe('share links of the video wall (/openmonitor)', () => {
  let t: TestApp;
  let property: string;
  let propertyb: string;
  let ids: DemoIds;

  const share = async (body: Record<string, unknown>, token = property) =>
    t.post<ShareCreateReply>(`${S}/create`, { title: '门岗值班', days: 7, ...body }, token);
  const shared = async (body: Record<string, unknown>) => {
    const r = await share(body);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  // the public page's call: no token, from its own address (the rate limit counts per address)
  const open = (param: string, keyword?: string, ip = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: `/xapi${OPEN}`, payload: { param, keyword }, remoteAddress: ip });
  const wallOf = async (param: string, keyword?: string) => {
    const r = await open(param, keyword);
    return r.json() as { code: number; msg: string; data: VideoListReply | null };
  };
  const shares = async () => (await t.post<ShareRow[]>(`${S}/list`, {}, property)).body.data;

  beforeAll(async () => {
    t = await setupApp();
    ids = await demoIds(t);
    [property, propertyb] = await Promise.all([t.login('property'), t.login('propertyb')]);
  });
  afterAll(() => t.close());

  it('makes a link to the villages it names: the public call shows those cameras of the company only', async () => {
    const s = await shared({ village_ids: [ids.sunshine.id] });
    expect(s.path).toBe(`/openmonitor?param=${s.token}`);
    expect(s.token.length).toBeGreaterThanOrEqual(40);
    // only the hash is kept
    const row = await t.one<{ token_hash: string }>(sql`select token_hash from video_shares where id = ${s.id}`);
    expect(row.token_hash).not.toContain(s.token);
    const r = await wallOf(s.token);
    expect(r.code, r.msg).toBe(0);
    expect(r.data!.data.map((c) => c.number)).toEqual([
      'YG-001',
      'YG-002',
      'YG-003',
      'YG-004',
      'YG-005',
      'YG-006',
      'YG-007',
    ]);
    expect(r.data!.tree.map((v) => v.label)).toEqual(['阳光花园']);
    expect((await wallOf(s.token, '地库')).data!.data.map((c) => c.number)).toEqual(['YG-004', 'YG-005']);
    const both = await shared({ village_ids: `${ids.sunshine.id},${ids.jade.id}` });
    const all = await wallOf(both.token);
    expect(all.data!.data).toHaveLength(10);
    // company B's camera (安居小区) is never on A's wall
    expect(all.data!.data.map((c) => c.number)).not.toContain('AJ-001');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = (await shares()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ village_ids: [ids.sunshine.id], title: '' }, '分享名称', 'title'],
      [{ village_ids: [] }, '请选择所属小区', 'village_ids'],
      [{ village_ids: [ids.sunshine.id], days: 0 }, '有效天数', 'days'],
      [{ village_ids: [ids.sunshine.id], days: 366 }, '有效天数', 'days'],
      // another company's village
      [{ village_ids: [ids.sunshine.id, ids.anju.id] }, '所属小区', 'village_ids'],
    ];
    for (const [body, msg, field] of cases) {
      const r = await share(body);
      expect(r.body.code, JSON.stringify(body)).toBe(Code.validation);
      expect(r.body.msg).toContain(msg);
      expect(r.body.data).toEqual({ field });
    }
    expect((await shares()).length).toBe(before);
  });

  it('refuses a wrong, an expired and a revoked link, and a link of a company whose video service lapsed', async () => {
    const bad = await wallOf('not-a-token');
    expect(bad).toMatchObject({ code: Code.expired, data: null });
    expect(bad.msg).toContain('无效');
    expect((await open('')).json()).toMatchObject({ code: Code.validation });

    const old = await shared({ village_ids: [ids.jade.id], title: '已过期' });
    await t.db.execute(sql`update video_shares set expires_at = now() - interval '1 minute' where id = ${old.id}`);
    const expired = await wallOf(old.token);
    expect(expired).toMatchObject({ code: Code.expired, data: null });
    expect(expired.msg).toContain('过期');

    const gone = await shared({ village_ids: [ids.jade.id], title: '将撤销' });
    expect((await wallOf(gone.token)).code).toBe(0);
    // another company cannot revoke it
    expect((await t.post(`${S}/revoke`, { id: gone.id }, propertyb)).body.code).not.toBe(0);
    expect((await wallOf(gone.token)).code).toBe(0);
    const r = await t.post(`${S}/revoke`, { id: gone.id }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    const revoked = await wallOf(gone.token);
    expect(revoked).toMatchObject({ code: Code.expired, data: null });
    expect(revoked.msg).toContain('撤销');

    const list = await shares();
    expect(list.find((s) => s.id === old.id)).toMatchObject({
      state: 2,
      state_text: '已过期',
      village_names: '翠湖名苑',
    });
    expect(list.find((s) => s.id === gone.id)).toMatchObject({ state: 3, state_text: '已撤销' });

    const live = await shared({ village_ids: [ids.sunshine.id] });
    await t.db.execute(sql`update tenant_services set end_date = current_date - 1
      where tenant_id = ${ids.tenantA} and service_id = (select id from services where code = 'video')`);
    try {
      expect(await wallOf(live.token)).toMatchObject({ code: Code.expired, data: null });
    } finally {
      await t.db.execute(sql`update tenant_services set end_date = current_date + 365
        where tenant_id = ${ids.tenantA} and service_id = (select id from services where code = 'video')`);
    }
    expect((await wallOf(live.token)).code).toBe(0);
  });

  it("lists and revokes only the company's own links", async () => {
    // company B with the video service of its own
    await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
      select ${ids.tenantB}, id, current_date + 30 from services where code = 'video'`);
    bumpAccessVersion();
    const b = await t.post<ShareRow[]>(`${S}/list`, {}, propertyb);
    expect(b.body).toMatchObject({ code: 0, data: [] });
    const a = (await shares()).find((x) => x.state === 1)!;
    expect((await t.post(`${S}/revoke`, { id: a.id }, propertyb)).body.code).toBe(Code.notFound);
    expect((await shares()).find((x) => x.id === a.id)!.state).toBe(1);
    // nor may B share A's village
    const cross = await share({ village_ids: [ids.sunshine.id] }, propertyb);
    expect(cross.body).toMatchObject({ code: Code.validation, data: { field: 'village_ids' } });
    const staff = await t.login('staff');
    expect(
      (await t.post(`${S}/create`, { title: 'x', village_ids: [ids.sunshine.id], days: 1 }, staff)).body.code,
    ).toBe(Code.forbidden);
  });

  it('rate-limits the public call per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= OPEN_MONITOR_PER_MINUTE; i++) codes.push((await open('x', undefined, '10.9.9.9')).statusCode);
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // another address keeps its own budget
    expect((await open('x', undefined, '10.9.9.10')).statusCode).toBe(200);
  });
});
