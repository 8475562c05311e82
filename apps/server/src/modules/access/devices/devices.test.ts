import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListReply, type ScreenConfig } from '@5a/contracts';
import { loginWithRole, openDemo, type DemoApp } from '../../estate/testing.ts';
import { postDevice } from '../device-api/testing.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';

const B = '/Web/Internet/AccessControlManagement';
type Secret = { id: number; gateno: string; secret: string };

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  // company B takes access control too, so its refusals below are tenancy's, not a missing service's
  await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
    select ${ids.tenantB}, id, '2099-12-31' from services where code = 'access'`);
  bumpAccessVersion();
});
afterAll(() => t.close());

const add = (row: Record<string, unknown>, token = property) => t.post<Secret>(`${B}/addDevice`, row, token);
const device = (over: Record<string, unknown> = {}) => ({
  village_id: ids.sunshine.id,
  name: '北门人脸机',
  device_type: 2,
  gateno: 'T-NORTH-1',
  direction: 1,
  model: 'DS-K1T671M',
  serial_no: 'SN0001',
  status: 1,
  ...over,
});
const stored = (id: number) =>
  t.one<{ secret: string; tenant_id: number; village_id: number }>(
    sql`select secret, tenant_id, village_id from access_devices where id = ${id}`,
  );
const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from access_devices`)).n;

describe('门禁管理', () => {
  it('shows the new device’s secret once, keeps it encrypted and never answers it again', async () => {
    const res = await add(device());
    expect(res.body).toMatchObject({ code: 0, data: { gateno: 'T-NORTH-1' } });
    expect(res.body.msg).toContain('只显示这一次');
    const { id, secret } = res.body.data;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const row = await stored(id);
    expect(row).toMatchObject({ tenant_id: ids.tenantA, village_id: ids.sunshine.id });
    expect(row.secret.startsWith('enc:v1:')).toBe(true);
    expect(row.secret).not.toContain(secret);

    // the device signs with it; no read carries it
    const beat = await postDevice(t.app, 'heartbeat', { code: 'T-NORTH-1', secret }, {});
    expect(beat.code).toBe(0);
    const detail = await t.post<Record<string, unknown>>(`${B}/detail?return=result`, { id }, property);
    expect(detail.body.data).toMatchObject({ name: '北门人脸机', gateno: 'T-NORTH-1', online: 1, model: 'DS-K1T671M' });
    const list = await t.post<ListReply>(`${B}/list`, { gateno: 'T-NORTH-1' }, property);
    const exported = await t.app.inject({
      method: 'POST',
      url: `/xapi${B}/export`,
      headers: { authorization: `Bearer ${property}` },
      payload: { format: 'csv' },
    });
    for (const text of [JSON.stringify(detail.body), JSON.stringify(list.body), exported.body]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('enc:v1:');
    }
    expect(list.body.data.records[0]).not.toHaveProperty('secret');
  });

  it('issues a new secret on 重置密钥: the old one stops signing', async () => {
    const first = (await add(device({ gateno: 'T-RESET', name: '重置测试' }))).body.data;
    const again = await t.post<Secret>(`${B}/resetSecret`, { id: first.id }, property);
    expect(again.body).toMatchObject({ code: 0, data: { id: first.id, gateno: 'T-RESET' } });
    expect(again.body.data.secret).not.toBe(first.secret);
    // the audit trail has the reset, never the secret (plain or encrypted)
    const [entry] = await t.rows<{ user_name: string; after: Record<string, unknown> }>(
      sql`select user_name, after from audit_logs where action = 'secret' and record_id = ${first.id}`,
    );
    expect(entry).toEqual({ user_name: 'property', after: { gateno: 'T-RESET', secret: '******' } });
    expect((await postDevice(t.app, 'heartbeat', { code: 'T-RESET', secret: first.secret }, {})).msg).toBe(
      '设备签名错误',
    );
    expect((await postDevice(t.app, 'heartbeat', { code: 'T-RESET', secret: again.body.data.secret }, {})).code).toBe(
      0,
    );
    // another company's device is not there for B
    expect((await t.post(`${B}/resetSecret`, { id: first.id }, propertyb)).body.code).toBe(Code.notFound);
  });

  it('refuses bad input with a Chinese message naming the field and writes nothing', async () => {
    const jadeBuilding = (
      await t.one<{ id: number }>(sql`select id from buildings where village_id = ${ids.jade.id} order by id limit 1`)
    ).id;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [device({ name: '' }), 'name', '设备名称'],
      [device({ gateno: '' }), 'gateno', '设备编号'],
      [device({ gateno: '含 空格' }), 'gateno', '设备编号只能是'],
      [device({ gateno: 'T-NORTH-1' }), 'gateno', '设备编号已存在'],
      [device({ device_type: 9 }), 'device_type', '设备类型'],
      [device({ building_id: jadeBuilding, gateno: 'T-X' }), 'building_id', '楼栋不属于所选小区'],
      [device({ jsonparam: '{oops', gateno: 'T-Y' }), 'jsonparam', '设备参数须为 JSON 格式'],
      [device({ workerphone: '123', gateno: 'T-Z' }), 'workerphone', '手机号码格式错误'],
      [device({ village_id: ids.anju.id, gateno: 'T-B' }), 'village_id', ''],
    ];
    for (const [row, field, msg] of cases) {
      const res = await add(row);
      expect(res.body.code, JSON.stringify(row)).not.toBe(0);
      expect(res.body.msg, field).toContain(msg);
      if (field !== 'village_id') expect(res.body.data, field).toMatchObject({ field });
    }
    expect(await count()).toBe(before);
  });

  it('adds by the dialog only, for those who may add, and scopes the list to the company and villages', async () => {
    const cfg = (await t.post<ScreenConfig>(`${B}/listConfig`, {}, property)).body.data;
    const types = cfg.toolbar.map((b) => b.type);
    expect(types).not.toContain('add');
    expect(cfg.toolbar.find((b) => b.type === 'dialog')).toMatchObject({ title: '新增设备', api: `${B}/addDevice` });

    await add(device({ gateno: 'T-SUN', name: '阳光西门' }));
    await add(device({ village_id: ids.jade.id, gateno: 'T-JADE', name: '翠湖北门' }));
    const names = async (token: string) =>
      (await t.post<ListReply>(`${B}/list`, { size: 100 }, token)).body.data.records.map((r) => String(r.name));
    expect(await names(property)).toEqual(expect.arrayContaining(['阳光西门', '翠湖北门']));
    // company B sees its own gate terminal only
    expect(await names(propertyb)).toEqual(['安居大门人脸机']);
    const jade = await loginWithRole(t, 'ac-jade', { pages: ['AccessControlManagement'], villages: [ids.jade.id] });
    const seen = await names(jade.token);
    expect(seen).toContain('翠湖北门');
    expect(seen).not.toContain('阳光西门');
    // the jade clerk adds in his own village only; the staff, without the page, not at all
    expect((await add(device({ gateno: 'T-NO' }), jade.token)).body.code).not.toBe(0);
    expect((await add(device({ village_id: ids.jade.id, gateno: 'T-OK' }), jade.token)).body.code).toBe(0);
    expect((await add(device({ gateno: 'T-STAFF' }), await t.login('staff'))).body.code).toBe(Code.forbidden);
    // nor in another company: B's user cannot place a device in A's village
    expect((await add(device({ gateno: 'T-B2' }), propertyb)).body.code).not.toBe(0);
  });
});
