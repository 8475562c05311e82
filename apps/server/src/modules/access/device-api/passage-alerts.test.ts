import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { AccessDeviceSecret, AccessEventReply, FaceThreshold } from '@5a/contracts/endpoints/access';
import type { PersonQrReply } from '@5a/contracts/endpoints/access-faces';
import { noticeApi, type AbnormalReply } from '@5a/contracts/endpoints/notice';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';
import { postDevice, type TestDevice } from './testing.ts';
import { formatTime } from '../../../core/time.ts';

const DEVICES = '/Web/Internet/AccessControlManagement';

let { t, property, propertyb, ids } = {} as DemoApp;
let door: TestDevice & { id: number };
let resident: { id: number; name: string; pic: string };
let pending: { id: number; name: string };

const event = (body: Record<string, unknown>) => postDevice<AccessEventReply>(t.app, 'event', door, body);
const alertsOf = async (source: number) =>
  t.rows<{ type: number; title: string; original_content: string }>(
    sql`select type, title, original_content from abnormal_alerts where source = 'access_record'
      and source_id = ${String(source)}`,
  );
const threshold = (token: string, body: Record<string, unknown>) =>
  t.post<FaceThreshold>(`${DEVICES}/faceThreshold`, body, token);

beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
    select ${ids.tenantB}, id, '2099-12-31' from services where code = 'access'`);
  bumpAccessVersion();
  const res = await t.post<AccessDeviceSecret>(
    `${DEVICES}/addDevice`,
    { village_id: ids.sunshine.id, name: '告警测试门', gateno: 'ALERT-1', device_type: 2, direction: 1, status: 1 },
    property,
  );
  expect(res.body.code, res.body.msg).toBe(0);
  door = { id: res.body.data.id, code: res.body.data.gateno, secret: res.body.data.secret };
  // his 照片 on the resident form is no face of his: the picture beside a capture is the one he consented to
  const r = await t.one<{ id: number; name: string }>(
    sql`update gate_persons set imgs = 'reg/photo-1.jpg', gate_card_id = 'CARD-OK', status = 1
      where id = (select min(id) from gate_persons where village_id = ${ids.sunshine.id}) returning id, name`,
  );
  const pic = `data:image/png;base64,${Buffer.from('consented-face').toString('base64')}`;
  const consent = await t.post(
    '/Web/Basic/GatePerson/faceConsent',
    { person_id: r.id, face_img: pic, purpose: '门禁通行', consented_by: r.name },
    property,
  );
  expect(consent.body.code, consent.body.msg).toBe(0);
  resident = { ...r, pic };
  pending = await t.one(
    sql`update gate_persons set gate_card_id = 'CARD-PENDING', status = 0
      where id = (select max(id) from gate_persons where village_id = ${ids.sunshine.id}) returning id, name`,
  );
});
afterAll(() => t.close());

describe('识别阈值', () => {
  it('is 80 until set; set within 50–99 for a village of the caller’s own', async () => {
    const read = await t.post<FaceThreshold>(`${DEVICES}/faceThresholdOf`, { village_id: ids.sunshine.id }, property);
    expect(read.body.data).toEqual({ village_id: ids.sunshine.id, threshold: 80 });
    for (const bad of [49, 100, 'x', 85.5])
      expect((await threshold(property, { village_id: ids.sunshine.id, threshold: bad })).body).toMatchObject({
        code: Code.validation,
        data: { field: 'threshold' },
      });
    // another company's village is not found, and nothing is written
    expect((await threshold(propertyb, { village_id: ids.sunshine.id, threshold: 90 })).body).toMatchObject({
      code: Code.validation,
      msg: '小区不存在',
      data: { field: 'village_id' },
    });
    expect((await t.rows(sql`select 1 from access_village_settings`)).length).toBe(0);
    const set = await threshold(property, { village_id: ids.sunshine.id, threshold: 85 });
    expect(set.body).toMatchObject({ code: 0, msg: '保存成功', data: { threshold: 85 } });
    const again = await t.post<FaceThreshold>(`${DEVICES}/faceThresholdOf`, { village_id: ids.sunshine.id }, property);
    expect(again.body.data.threshold).toBe(85);
  });
});

describe('通行告警', () => {
  it('a face at or above the threshold, a known card and a QR code raise nothing', async () => {
    const ok = await event({ event_id: 'a-ok', open_type: 1, person_id: resident.id, similarity: 85 });
    const card = await event({ event_id: 'a-card', open_type: 2, card_no: 'CARD-OK' });
    const qr = await event({ event_id: 'a-qr', open_type: 3, qr_code: 'Q-1' });
    for (const r of [ok, card, qr]) expect(await alertsOf(r.data.id)).toEqual([]);
  });

  it('a face below the threshold shows the capture beside the registered picture', async () => {
    // an hour ago: a device's time must lie within the day before its request
    const at = formatTime(new Date(Date.now() - 3600_000));
    const low = await event({
      event_id: 'a-low',
      open_type: 1,
      person_id: resident.id,
      similarity: 62.5,
      time: at,
    });
    expect(low.code, low.msg).toBe(0);
    const [alert] = await alertsOf(low.data.id);
    expect(alert).toMatchObject({ type: 1, title: '告警测试门：人脸比对未通过（相似度 62.50%，阈值 85%）' });
    expect(JSON.parse(alert!.original_content)).toEqual({
      face_url: '',
      face_time: at,
      similarity: 62.5,
      face_pic_url: resident.pic,
      face_info_name: resident.name,
    });
    // the device resends it: one passage, one alert
    const resent = await event({ event_id: 'a-low', open_type: 1, person_id: resident.id, similarity: 62.5 });
    expect(resent.data.replay).toBe(true);
    expect(await alertsOf(low.data.id)).toHaveLength(1);
  });

  it('a face matching nobody, an unknown card and an unapproved resident are alerts too', async () => {
    const stranger = await event({ event_id: 'a-stranger', open_type: 1 });
    const unknownCard = await event({ event_id: 'a-card-x', open_type: 2, card_no: 'NOBODY' });
    const unapproved = await event({ event_id: 'a-pending', open_type: 2, card_no: 'CARD-PENDING' });
    expect((await alertsOf(stranger.data.id))[0]).toMatchObject({ type: 1, title: '告警测试门：陌生人' });
    expect(JSON.parse((await alertsOf(stranger.data.id))[0]!.original_content)).toMatchObject({
      face_info_name: '陌生人',
      similarity: 0,
    });
    expect((await alertsOf(unknownCard.data.id))[0]!.title).toBe('告警测试门：未登记门禁卡');
    const [u] = await alertsOf(unapproved.data.id);
    expect(u!.title).toBe('告警测试门：未审核住户通行');
    expect(JSON.parse(u!.original_content)).toMatchObject({ face_info_name: pending.name });
  });

  it('a resident’s QR code of the current issue names him; a forged, foreign or reissued one is an alert', async () => {
    const P = '/Web/Basic/GatePerson';
    const issued = (await t.post<PersonQrReply>(`${P}/accessQr`, { person_id: resident.id }, property)).body.data;
    const ok = await event({ event_id: 'q-ok', open_type: 3, qr_code: issued.qr });
    expect(ok.data.person_name).toBe(resident.name);
    expect(await alertsOf(ok.data.id)).toEqual([]);
    const forged = await event({ event_id: 'q-forged', open_type: 3, qr_code: `${issued.qr.slice(0, -3)}AAA` });
    expect(forged.data.person_name).toBe('');
    expect((await alertsOf(forged.data.id))[0]!.title).toBe('告警测试门：二维码无效或已过期');
    // reissued: every code given out before stops naming him
    await t.post(`${P}/accessQrReissue`, { person_id: resident.id }, property);
    const old = await event({ event_id: 'q-old', open_type: 3, qr_code: issued.qr });
    expect(old.data.person_name).toBe('');
    expect((await alertsOf(old.data.id))[0]!.title).toBe('告警测试门：二维码无效或已过期');
    // a visitor's code is no resident's: recorded, no alert
    const visitor = await event({ event_id: 'q-visitor', open_type: 3, qr_code: 'VISITOR-1' });
    expect(await alertsOf(visitor.data.id)).toEqual([]);
  });

  it('a barred resident at the door is an alert', async () => {
    const P = '/Web/Basic/GatePerson';
    expect((await t.post(`${P}/accessBar`, { person_id: resident.id, barred: true }, property)).body.code).toBe(0);
    const barred = await event({ event_id: 'b-card', open_type: 2, card_no: 'CARD-OK' });
    expect((await alertsOf(barred.data.id))[0]!.title).toBe('告警测试门：禁止通行人员');
    await t.post(`${P}/accessBar`, { person_id: resident.id, barred: false }, property);
    const back = await event({ event_id: 'b-card-2', open_type: 2, card_no: 'CARD-OK' });
    expect(await alertsOf(back.data.id)).toEqual([]);
  });

  it('reaches the company’s users through the abnormal list, never another company’s', async () => {
    const mine = (await t.post<AbnormalReply>(noticeApi.getAbnormal.path, {}, property)).body.data;
    expect(mine.abnormal_list.map((a) => a.title)).toEqual(
      expect.arrayContaining(['告警测试门：陌生人', '告警测试门：未登记门禁卡']),
    );
    const theirs = (await t.post<AbnormalReply>(noticeApi.getAbnormal.path, {}, propertyb)).body.data;
    expect(theirs.abnormal_list.some((a) => a.title.startsWith('告警测试门'))).toBe(false);
  });
});
