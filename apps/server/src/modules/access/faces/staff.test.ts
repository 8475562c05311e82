import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { AccessDeviceSecret, AccessEventReply } from '@5a/contracts/endpoints/access';
import { workerAccessApi, type PersonAccessReply, type PersonQrReply } from '@5a/contracts/endpoints/access-faces';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { expectedPeople } from '../index.ts';
import { postDevice, type TestDevice } from '../device-api/testing.ts';

const DEVICES = '/Web/Internet/AccessControlManagement';
/** a small inline picture, as the dialog's camera takes it */
const FACE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let { t, property, propertyb, ids } = {} as DemoApp;
let face: TestDevice & { id: number };
let controller: TestDevice & { id: number };
let worker: { id: number; name: string };
let resident: { id: number; name: string; card: string };

const add = async (row: Record<string, unknown>) => {
  const res = await t.post<AccessDeviceSecret>(`${DEVICES}/addDevice`, { status: 1, direction: 1, ...row }, property);
  expect(res.body.code, res.body.msg).toBe(0);
  return { id: res.body.data.id, code: res.body.data.gateno, secret: res.body.data.secret };
};
const event = (d: TestDevice, body: Record<string, unknown>) => postDevice<AccessEventReply>(t.app, 'event', d, body);
const alertOf = async (recordId: number) =>
  (
    await t.rows<{ title: string }>(
      sql`select title from abnormal_alerts where source = 'access_record' and source_id = ${String(recordId)}`,
    )
  ).map((a) => a.title);
const keysOf = async (deviceId: number) =>
  new Map((await expectedPeople(t.db, t.registry, ids.tenantA, [deviceId])).map((e) => [e.face_id, e.card]));
const card = (person_id: number, card_no: string, token = property) =>
  t.post<{ person_id: number; card_no: string }>(workerAccessApi.card.path, { person_id, card_no }, token);

beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  face = await add({ village_id: ids.sunshine.id, name: '员工测试人脸机', gateno: 'STAFF-FACE', device_type: 2 });
  controller = await add({ village_id: ids.sunshine.id, name: '员工测试门禁', gateno: 'STAFF-CARD', device_type: 1 });
  worker = await t.one(sql`select id, name from workers where village_id = ${ids.sunshine.id} and name = '李师傅'`);
  const role = await t.one<{ id: number }>(
    sql`insert into roles (tenant_id, name) values (${ids.tenantA}, '门岗') returning id`,
  );
  await t.db.execute(sql`update workers set tenant_role_id = ${role.id}, status = 1 where id = ${worker.id}`);
  resident = await t.one(
    sql`update gate_persons set gate_card_id = 'RES-CARD-1', status = 1 where id = (select min(id) from gate_persons
      where village_id = ${ids.sunshine.id} and is_livein = 1) returning id, name, gate_card_id as card`,
  );
});
afterAll(() => t.close());

describe('员工的人脸与门禁凭证', () => {
  it('gives a worker a door card of his own: a number one person holds, letters and digits only', async () => {
    const before = await t.one<{ n: number }>(sql`select count(*)::int n from access_person_passes`);
    expect((await card(worker.id, resident.card)).body).toMatchObject({
      code: Code.validation,
      msg: `门禁卡号已被${resident.name}使用`,
      data: { field: 'card_no' },
    });
    expect((await card(worker.id, 'A B')).body).toMatchObject({
      code: Code.validation,
      msg: '门禁卡号只能包含字母、数字和短横线',
      data: { field: 'card_no' },
    });
    expect((await t.one<{ n: number }>(sql`select count(*)::int n from access_person_passes`)).n).toBe(before.n);
    expect((await card(worker.id, 'STAFF-001')).body).toMatchObject({ code: 0, msg: '门禁卡号已保存' });
    const pass = await t.post<PersonAccessReply>(workerAccessApi.person.path, { id: worker.id }, property);
    expect(pass.body.data).toMatchObject({ person_id: worker.id, name: worker.name, card_no: 'STAFF-001' });
    // the controller lists him with his card; the face terminal waits for a consented face
    expect((await keysOf(controller.id)).get(`W${worker.id}`)).toBe('STAFF-001');
    expect((await keysOf(face.id)).has(`W${worker.id}`)).toBe(false);
  });

  it('records a worker’s face with its consent; the face terminal then expects him, withdrawing removes him', async () => {
    const saved = await t.post(
      workerAccessApi.saveConsent.path,
      { person_id: worker.id, face_img: FACE, purpose: '门岗人脸通行', consented_by: worker.name },
      property,
    );
    expect(saved.body).toMatchObject({ code: 0, msg: '人脸授权已登记' });
    expect((await keysOf(face.id)).has(`W${worker.id}`)).toBe(true);
    const pass = await t.post<PersonAccessReply>(workerAccessApi.person.path, { id: worker.id }, property);
    expect(pass.body.data.consent).toMatchObject({ face_img: FACE, purpose: '门岗人脸通行' });
    // the unmasked view is logged under the worker's field
    await expect
      .poll(
        async () =>
          (
            await t.one<{ n: number }>(
              sql`select count(*)::int n from sensitive_views where person_id = ${worker.id} and fields = 'worker_face'`,
            )
          ).n,
      )
      .toBeGreaterThan(0);
    await t.post(workerAccessApi.withdrawConsent.path, { person_id: worker.id }, property);
    expect((await keysOf(face.id)).has(`W${worker.id}`)).toBe(false);
    expect((await t.post(workerAccessApi.withdrawConsent.path, { person_id: worker.id }, property)).body).toMatchObject(
      { code: Code.validation, msg: '该员工没有有效的人脸授权' },
    );
  });

  it('keeps company B away from company A’s staff', async () => {
    for (const path of [workerAccessApi.person.path, workerAccessApi.qr.path])
      expect((await t.post(path, { id: worker.id, person_id: worker.id }, propertyb)).body.code).not.toBe(0);
    expect((await card(worker.id, 'B-TAKES-IT', propertyb)).body.code).not.toBe(0);
    expect((await keysOf(controller.id)).get(`W${worker.id}`)).toBe('STAFF-001');
  });
});

describe('门禁通行：员工与访客', () => {
  it('names a worker by his card, his face id and his QR code, without an alert; never as a resident', async () => {
    const byCard = await event(controller, { event_id: 'w-card', open_type: 2, card_no: 'STAFF-001' });
    const byFace = await event(face, { event_id: 'w-face', open_type: 1, face_id: `W${worker.id}`, similarity: 96 });
    const qr = (await t.post<PersonQrReply>(workerAccessApi.qr.path, { person_id: worker.id }, property)).body.data;
    const byQr = await event(controller, { event_id: 'w-qr', open_type: 3, qr_code: qr.qr });
    for (const r of [byCard, byFace, byQr]) {
      expect(r).toMatchObject({ code: 0, data: { person_name: worker.name } });
      expect(await alertOf(r.data.id)).toEqual([]);
      expect(await t.one(sql`select person_id from access_records where id = ${r.data.id}`)).toEqual({
        person_id: null,
      });
    }
    // reissued: the old code names nobody and is an alert
    await t.post(workerAccessApi.reissueQr.path, { person_id: worker.id }, property);
    const old = await event(controller, { event_id: 'w-qr-old', open_type: 3, qr_code: qr.qr });
    expect(old.data.person_name).toBe('');
    expect(await alertOf(old.data.id)).toEqual(['员工测试门禁：二维码无效或已过期']);
  });

  it('raises an alert for a disabled or barred worker at the door', async () => {
    await t.db.execute(sql`update workers set status = 2 where id = ${worker.id}`);
    const off = await event(controller, { event_id: 'w-off', open_type: 2, card_no: 'STAFF-001' });
    expect(await alertOf(off.data.id)).toEqual(['员工测试门禁：已停用员工通行']);
    await t.db.execute(sql`update workers set status = 1 where id = ${worker.id}`);
    await t.post(workerAccessApi.bar.path, { person_id: worker.id, barred: true }, property);
    expect((await keysOf(controller.id)).has(`W${worker.id}`)).toBe(false);
    const barred = await event(controller, { event_id: 'w-barred', open_type: 2, card_no: 'STAFF-001' });
    expect(await alertOf(barred.data.id)).toEqual(['员工测试门禁：禁止通行人员']);
    await t.post(workerAccessApi.bar.path, { person_id: worker.id, barred: false }, property);
  });

  it('names a resident and a visitor by their face ids; a visitor outside his window is an alert', async () => {
    const r = await event(face, { event_id: 'f-res', open_type: 1, face_id: `F${resident.id}`, similarity: 92 });
    expect(r.data.person_name).toBe(resident.name);
    expect(await t.one(sql`select person_id from access_records where id = ${r.data.id}`)).toEqual({
      person_id: resident.id,
    });
    const visitor = await t.one<{ id: number }>(sql`insert into visitors (tenant_id, village_id, name, phone, fklxidx,
      avatar, status, pass_start, pass_end) values (${ids.tenantA}, ${ids.sunshine.id}, '访客甲', '13800000000', 1,
      'reg/v.jpg', 1, now() - interval '1 hour', now() + interval '1 hour') returning id`);
    const inWindow = await event(face, { event_id: 'v-in', open_type: 1, face_id: `V${visitor.id}`, similarity: 90 });
    expect(inWindow.data.person_name).toBe('访客甲');
    expect(await alertOf(inWindow.data.id)).toEqual([]);
    await t.db.execute(sql`update visitors set pass_end = now() - interval '1 minute' where id = ${visitor.id}`);
    const late = await event(face, { event_id: 'v-late', open_type: 1, face_id: `V${visitor.id}`, similarity: 90 });
    expect(await alertOf(late.data.id)).toEqual(['员工测试人脸机：访客不在通行时段']);
    // another company's visitor id names nobody here: a stranger
    const nobody = await event(face, { event_id: 'v-none', open_type: 1, face_id: 'V999999' });
    expect(nobody.data.person_name).toBe('');
    expect(await alertOf(nobody.data.id)).toEqual(['员工测试人脸机：陌生人']);
  });
});
