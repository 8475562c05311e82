import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { PersonAccessReply, PersonQrReply } from '@5a/contracts/endpoints/access-faces';
import { loginWithRole, openDemo, type DemoApp } from '../../estate/testing.ts';
import { flushSensitiveViews } from '../../estate/service.ts';
import { addExpectedSource, expectedPeople } from './expected.ts';
import { readQr } from './credential.ts';

const P = '/Web/Basic/GatePerson';
const FACE = `data:image/png;base64,${Buffer.from('face').toString('base64')}`;

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

/** a device put straight into the table (the secret does not matter here) */
const device = async (over: { type: number; building?: number | null; unit?: string; village?: number }) =>
  (
    await t.one<{ id: number }>(sql`insert into access_devices (tenant_id, village_id, building_id, unit_name, name,
      device_type, gateno, secret) values (${ids.tenantA}, ${over.village ?? ids.sunshine.id}, ${over.building ?? null},
      ${over.unit ?? ''}, '测试门', ${over.type}, ${`T-${Math.random().toString(36).slice(2, 10)}`}, '') returning id`)
  ).id;
const keysOf = async (id: number) =>
  new Set((await expectedPeople(t.db, t.registry, ids.tenantA, [id])).map((e) => e.face_id));
const residentsOf = async (id: number) => new Set([...(await keysOf(id))].filter((k) => k.startsWith('F')));
/**
 * residents of the village (and building / unit) by the rules, straight from the tables: the demo's residents in home
 * isolation or banned (prevention's registered exclusion) are off every list
 */
const entitled = async (building: number | null, unit: string) =>
  new Set(
    (
      await t.rows<{ k: string }>(sql`select 'F' || p.id k from gate_persons p join houses h on h.id = p.house_id
        where p.tenant_id = ${ids.tenantA} and p.village_id = ${ids.sunshine.id} and p.status = 1 and p.is_livein = 1
          and (${building}::int is null or p.building_id = ${building}::int) and (${unit} = '' or h.unit_name = ${unit})
          and not exists (select 1 from prevention_controls c where c.person_id = p.id and c.pass_status > 1
            and (',' || p.tags || ',') like '%,1,%')`)
    ).map((r) => r.k),
  );
const consent = (person_id: number, over: Record<string, unknown> = {}, token = property) =>
  t.post<{ person_id: number }>(
    `${P}/faceConsent`,
    { person_id, face_img: FACE, purpose: '门禁通行', consented_by: '本人', ...over },
    token,
  );

describe('who may open which door', () => {
  it('a controller expects the approved residents living in its scope; building and unit narrow it', async () => {
    const gate = await device({ type: 1 });
    expect(await residentsOf(gate)).toEqual(await entitled(null, ''));
    const b = await t.one<{ id: number }>(
      sql`select building_id id from houses where village_id = ${ids.sunshine.id} order by id limit 1`,
    );
    const unitDoor = await device({ type: 1, building: b.id, unit: '1单元' });
    const want = await entitled(b.id, '1单元');
    expect(want.size).toBeGreaterThan(0);
    expect(await residentsOf(unitDoor)).toEqual(want);
    expect((await entitled(b.id, '')).size).toBeGreaterThan(want.size);
  });

  it('drops a resident under review, moved out or barred, and takes him back when cleared', async () => {
    const gate = await device({ type: 1 });
    const p = await t.one<{ id: number }>(sql`select id from gate_persons where tenant_id = ${ids.tenantA}
      and village_id = ${ids.sunshine.id} and status = 1 and is_livein = 1 order by id desc limit 1`);
    const key = `F${p.id}`;
    expect((await keysOf(gate)).has(key)).toBe(true);
    await t.db.execute(sql`update gate_persons set status = 0 where id = ${p.id}`);
    expect((await keysOf(gate)).has(key)).toBe(false);
    await t.db.execute(sql`update gate_persons set status = 1, is_livein = 2 where id = ${p.id}`);
    expect((await keysOf(gate)).has(key)).toBe(false);
    await t.db.execute(sql`update gate_persons set is_livein = 1 where id = ${p.id}`);
    const bar = (barred: unknown) => t.post(`${P}/accessBar`, { person_id: p.id, barred }, property);
    expect((await bar(true)).body).toMatchObject({ code: 0, msg: '已禁止通行' });
    expect((await keysOf(gate)).has(key)).toBe(false);
    expect((await t.post<PersonAccessReply>(`${P}/accessPass`, { id: p.id }, property)).body.data.barred).toBe(true);
    expect((await bar('x')).body.msg).toBe('禁止通行格式错误');
    expect((await bar(false)).body).toMatchObject({ code: 0, msg: '已恢复通行' });
    expect((await keysOf(gate)).has(key)).toBe(true);
    expect((await t.post(`${P}/accessBar`, { person_id: p.id, barred: true }, propertyb)).body.code).toBe(
      Code.notFound,
    );
  });

  it('expects the village’s staff whose worker row and role are active', async () => {
    const gate = await device({ type: 1 });
    const w = await t.one<{ id: number }>(
      sql`select id from workers where village_id = ${ids.sunshine.id} and name = '李师傅'`,
    );
    expect((await keysOf(gate)).has(`W${w.id}`)).toBe(false);
    const role = await t.one<{ id: number }>(
      sql`insert into roles (tenant_id, name) values (${ids.tenantA}, '保安') returning id`,
    );
    await t.db.execute(sql`update workers set tenant_role_id = ${role.id} where id = ${w.id}`);
    expect((await keysOf(gate)).has(`W${w.id}`)).toBe(true);
    // not on the other village's doors
    const jade = await device({ type: 1, village: ids.jade.id });
    expect((await keysOf(jade)).has(`W${w.id}`)).toBe(false);
    await t.db.execute(sql`update roles set status = 2 where id = ${role.id}`);
    expect((await keysOf(gate)).has(`W${w.id}`)).toBe(false);
  });

  it('adds the people of another source (the visitors’ extension point)', async () => {
    const door = await device({ type: 1 });
    addExpectedSource(
      t.registry,
      sql`select d.id, 'V1', 'visitor', 1, '访客', '', false, '' from d where d.id = ${door}`,
    );
    expect((await keysOf(door)).has('V1')).toBe(true);
  });
});

describe('faces with consent', () => {
  let pid = 0;
  let terminal = 0;
  beforeAll(async () => {
    terminal = await device({ type: 2 });
    pid = (
      await t.one<{ id: number }>(sql`select id from gate_persons p where tenant_id = ${ids.tenantA}
        and village_id = ${ids.sunshine.id} and status = 1 and is_livein = 1
        and not exists (select 1 from access_face_consents c where c.person_id = p.id) order by id limit 1`)
    ).id;
  });

  it('keeps no face without its consent: bad input names the field and writes nothing', async () => {
    const before = await t.one<{ n: number }>(sql`select count(*)::int n from access_face_consents`);
    expect((await consent(pid, { face_img: '' })).body).toMatchObject({ code: Code.validation, msg: '请上传人脸照片' });
    expect((await consent(pid, { purpose: ' ' })).body.msg).toBe('采集用途不能为空');
    expect((await consent(pid, { consented_by: undefined })).body.msg).toBe('授权人不能为空');
    expect((await consent(pid, { face_img: 'https://evil.example/x.jpg' })).body).toMatchObject({
      msg: '人脸照片只能是本公司上传的图片',
      data: { field: 'face_img' },
    });
    expect(await t.one<{ n: number }>(sql`select count(*)::int n from access_face_consents`)).toEqual(before);
    // no consent, no face: the face terminal does not expect him
    expect((await keysOf(terminal)).has(`F${pid}`)).toBe(false);
  });

  it('records who consented, when, for what and by whom; the face terminal then expects him', async () => {
    expect((await consent(pid)).body).toMatchObject({ code: 0, msg: '人脸授权已登记' });
    const row = await t.one<Record<string, unknown>>(
      sql`select purpose, consented_by, recorded_by_name, consented_at is not null as at from access_face_consents
        where person_id = ${pid} and withdrawn_at is null`,
    );
    expect(row).toMatchObject({ purpose: '门禁通行', consented_by: '本人', at: true });
    expect(String(row.recorded_by_name)).not.toBe('');
    expect((await keysOf(terminal)).has(`F${pid}`)).toBe(true);
  });

  it('masks the face without the sensitive right and logs every unmasked view', async () => {
    await flushSensitiveViews(t.db);
    const count = async () =>
      (await flushSensitiveViews(t.db),
      await t.one<{ n: number }>(
        sql`select count(*)::int n from sensitive_views where person_id = ${pid} and fields = 'face'`,
      )).n;
    const before = await count();
    const full = await t.post<PersonAccessReply>(`${P}/accessPass`, { id: pid }, property);
    expect(full.body.data.consent).toMatchObject({ face_img: FACE, face_masked: false, purpose: '门禁通行' });
    expect(await count()).toBe(before + 1);
    const clerk = await loginWithRole(t, 'faceclerk', { pages: ['GatePerson'], villages: null });
    const masked = await t.post<PersonAccessReply>(`${P}/accessPass`, { id: pid }, clerk.token);
    expect(masked.body.data.consent).toMatchObject({ face_img: '', face_masked: true });
    expect(await count()).toBe(before + 1);
  });

  it('withdrawing deletes the face and removes him from every door', async () => {
    const other = await device({ type: 2 });
    expect((await keysOf(other)).has(`F${pid}`)).toBe(true);
    const res = await t.post(`${P}/faceWithdraw`, { person_id: pid }, property);
    expect(res.body).toMatchObject({ code: 0 });
    const rows = await t.rows<{ face_img: string; withdrawn: boolean }>(
      sql`select face_img, withdrawn_at is not null withdrawn from access_face_consents where person_id = ${pid}`,
    );
    expect(rows).toEqual([{ face_img: '', withdrawn: true }]);
    for (const d of [terminal, other]) expect((await keysOf(d)).has(`F${pid}`)).toBe(false);
    expect((await t.post<PersonAccessReply>(`${P}/accessPass`, { id: pid }, property)).body.data.consent).toBeNull();
    expect((await t.post(`${P}/faceWithdraw`, { person_id: pid }, property)).body.msg).toBe('该住户没有有效的人脸授权');
  });

  it('keeps company B away from company A’s residents', async () => {
    for (const [url, body] of [
      ['accessPass', { id: pid }],
      ['faceConsent', { person_id: pid, face_img: FACE, purpose: '门禁', consented_by: '本人' }],
      ['accessQr', { person_id: pid }],
    ] as const)
      expect((await t.post(`${P}/${url}`, body, propertyb)).body.code).toBe(Code.notFound);
  });
});

describe('门禁凭证', () => {
  it('answers the card and a signed, short-lived QR code; reissuing bumps the issue', async () => {
    const p = await t.one<{ id: number }>(
      sql`select id from gate_persons where tenant_id = ${ids.tenantA} order by id limit 1`,
    );
    await t.db.execute(sql`update gate_persons set gate_card_id = 'C-0001' where id = ${p.id}`);
    expect((await t.post<PersonAccessReply>(`${P}/accessPass`, { id: p.id }, property)).body.data.card_no).toBe(
      'C-0001',
    );
    const first = (await t.post<PersonQrReply>(`${P}/accessQr`, { person_id: p.id }, property)).body.data;
    const claim = readQr(t.registry, first.qr);
    expect(claim).toMatchObject({ tenantId: ids.tenantA, kind: 1, personId: p.id });
    expect(first.expires_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(readQr(t.registry, first.qr.replace(/\.\d+\./, '.999.'))).toBeNull();
    expect(readQr(t.registry, first.qr, claim!.exp + 1)).toBeNull();
    const again = await t.post<PersonQrReply>(`${P}/accessQrReissue`, { person_id: p.id }, property);
    expect(again.body.msg).toContain('旧二维码已失效');
    expect(readQr(t.registry, again.body.data.qr)!.version).toBe(claim!.version + 1);
    expect((await t.post(`${P}/accessQr`, { person_id: 'x' }, property)).body.msg).toBe('住户 格式错误');
  });
});
