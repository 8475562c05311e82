import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { DeviceCommandResultReply, DeviceCommandsReply } from '@5a/contracts/endpoints/access';
import type {
  DeviceFaceCheck,
  FaceGapRow,
  FacePushReply,
  FaceRefreshReply,
} from '@5a/contracts/endpoints/access-faces';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { postDevice } from '../device-api/testing.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';

const D = '/Web/Internet/AccessControlManagement';

let { t, property, propertyb, staff, ids } = {} as DemoApp;
beforeAll(async () => {
  ({ t, property, propertyb, staff, ids } = await openDemo());
  // company B takes access control too, so its refusals below are tenancy's, not a missing service's
  await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
    select ${ids.tenantB}, id, '2099-12-31' from services where code = 'access'`);
  bumpAccessVersion();
});
afterAll(() => t.close());

const check = (id: number, token = property) => t.post<DeviceFaceCheck>(`${D}/faceCheck`, { id }, token);
const gaps = (token = property) => t.post<FaceGapRow[]>(`${D}/faceGaps`, {}, token);
const faceTerminals = () =>
  t.rows<{ id: number; name: string }>(sql`select id, name from access_devices
    where tenant_id = ${ids.tenantA} and village_id = ${ids.sunshine.id} and device_type = 2 order by id`);
/** gives a demo door a signing key (the seed cannot encrypt one), as 重置密钥 does, and answers how it signs */
const keyed = async (id: number) => {
  const secret = `k${id}`.padEnd(64, '0');
  const { encryptSecret, configSecretKey } = await import('../../system/index.ts');
  await t.db.execute(
    sql`update access_devices set secret = ${encryptSecret(configSecretKey(t.registry), secret)} where id = ${id}`,
  );
  const { gateno } = await t.one<{ gateno: string }>(sql`select gateno from access_devices where id = ${id}`);
  return { code: gateno, secret };
};
/** the console until the pushed run has landed (the job runner works beside the test) */
const settled = async (id: number) => {
  await expect
    .poll(async () => (await check(id)).body.data.last_sync_state, { timeout: 15_000, interval: 100 })
    .not.toBe('queued');
  return (await check(id)).body.data;
};

describe('名单核对', () => {
  it('shows the demo’s one door out of step: a moved-out owner to remove, a new resident missing', async () => {
    const list = (await gaps()).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: '东门入口人脸机', village_id: ids.sunshine.id, missing: 1, extra: 1 });
    const d = (await check(list[0]!.id)).body.data;
    expect(d.extra).toHaveLength(1);
    const gone = await t.one<{ is_livein: number }>(
      sql`select is_livein from gate_persons where id = ${d.extra[0]!.person_id}`,
    );
    expect(gone.is_livein).toBe(2);
    expect(d.missing[0]).toMatchObject({ kind: 'resident' });
    expect(d.faces_reported_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(d.last_sync_at).toBe('');
  });

  it('lists a resident moved out as 待移除 on every door at once', async () => {
    const [entry, exit] = await faceTerminals();
    const held = (await check(exit!.id)).body.data;
    expect(held.extra).toEqual([]);
    const person = await t.one<{ id: number; name: string }>(
      sql`select p.id, p.name from gate_persons p join access_device_faces f on f.face_id = 'F' || p.id
        where f.device_id = ${exit!.id} and f.device_id <> ${entry!.id} order by p.id limit 1`,
    );
    await t.db.execute(sql`update gate_persons set is_livein = 2 where id = ${person.id}`);
    for (const d of [entry!, exit!]) {
      const extra = (await check(d.id)).body.data.extra.map((e) => e.face_id);
      expect(extra).toContain(`F${person.id}`);
    }
    const out = (await gaps()).body.data.map((g) => g.id);
    expect(out).toEqual(expect.arrayContaining([entry!.id, exit!.id]));
  });

  it('推送差异 is readied by the job runner, fetched by the device, and clean once the device reports it done', async () => {
    const [entry] = await faceTerminals();
    const door = await keyed(entry!.id);
    const before = (await check(entry!.id)).body.data;
    const res = await t.post<FacePushReply>(`${D}/facePush`, { id: entry!.id }, property);
    expect(res.body).toMatchObject({ code: 0, data: { add: before.missing.length, remove: before.extra.length } });
    expect(res.body.data.job_id).not.toBe('');
    // the run readies it; the door still holds what it held until the device does it
    const sent = await settled(entry!.id);
    expect(sent).toMatchObject({ last_sync_state: 'sent', last_sync_message: '已下发，等待设备领取' });
    expect(sent.missing.length + sent.extra.length).toBe(before.missing.length + before.extra.length);

    const fetched = await postDevice<DeviceCommandsReply>(t.app, 'commands', door, {});
    expect(fetched.code, fetched.msg).toBe(0);
    const [cmd] = fetched.data.commands;
    expect(cmd).toMatchObject({ sync_id: res.body.data.sync_id, remove: before.extra.map((e) => e.face_id) });
    expect(cmd!.add.map((a) => a.face_id)).toEqual(before.missing.map((m) => m.face_id));
    // a consented face comes with its name and picture
    expect(cmd!.add.every((a) => a.name !== '' && a.face_img !== '')).toBe(true);
    // not reported yet: handed out again
    expect((await postDevice<DeviceCommandsReply>(t.app, 'commands', door, {})).data.commands).toHaveLength(1);
    expect((await check(entry!.id)).body.data.last_sync_state).toBe('delivered');

    const done = await postDevice<DeviceCommandResultReply>(t.app, 'commandResult', door, { sync_id: cmd!.sync_id });
    expect(done.data).toEqual({
      sync_id: cmd!.sync_id,
      state: 'done',
      added: before.missing.length,
      removed: before.extra.length,
      failed: 0,
    });
    const after = (await check(entry!.id)).body.data;
    expect(after).toMatchObject({ last_sync_state: 'done', missing: [], extra: [] });
    expect(after.last_sync_message).toBe(`设备已执行：新增${before.missing.length}人，移除${before.extra.length}人`);
    expect((await postDevice<DeviceCommandsReply>(t.app, 'commands', door, {})).data.commands).toEqual([]);
    // reported twice, the first report stands
    expect(
      (await postDevice<DeviceCommandResultReply>(t.app, 'commandResult', door, { sync_id: cmd!.sync_id })).data,
    ).toMatchObject({ state: 'done', added: before.missing.length });
    // nothing left to push
    expect((await t.post(`${D}/facePush`, { id: entry!.id }, property)).body.msg).toBe(
      '设备名单与应有名单一致，无需推送',
    );
  });

  it('a face the device could not take stays missing, and the push says so', async () => {
    const [entry] = await faceTerminals();
    const door = await keyed(entry!.id);
    // the door lost its whole list (a reset device): everyone is pushed anew
    const [face] = await t.rows<{ face_id: string }>(
      sql`delete from access_device_faces where device_id = ${entry!.id} returning face_id`,
    );
    const res = await t.post<FacePushReply>(`${D}/facePush`, { id: entry!.id }, property);
    expect(res.body.code, res.body.msg).toBe(0);
    await settled(entry!.id);
    const { commands } = (await postDevice<DeviceCommandsReply>(t.app, 'commands', door, {})).data;
    const bad = { face_id: face!.face_id, reason: '照片无法识别' };
    // a face the command does not add is refused by name
    expect(
      (
        await postDevice(t.app, 'commandResult', door, {
          sync_id: commands[0]!.sync_id,
          failed: [{ face_id: 'F0', reason: 'x' }],
        })
      ).msg,
    ).toBe('failed中的F0不是该指令要新增的人脸');
    const r = await postDevice<DeviceCommandResultReply>(t.app, 'commandResult', door, {
      sync_id: commands[0]!.sync_id,
      failed: [bad],
    });
    expect(r.data).toMatchObject({ state: 'failed', failed: 1 });
    const d = (await check(entry!.id)).body.data;
    expect(d.missing.map((m) => m.face_id)).toEqual([bad.face_id]);
    expect(d.last_sync_message).toContain(`失败1人（${bad.face_id}：照片无法识别）`);
    // another company's device cannot report it
    const [other] = await t.rows<{ id: number }>(
      sql`select id from access_devices where tenant_id = ${ids.tenantB} order by id limit 1`,
    );
    if (other) {
      const theirs = await keyed(other.id);
      expect((await postDevice(t.app, 'commandResult', theirs, { sync_id: commands[0]!.sync_id })).msg).toBe(
        '指令不存在',
      );
    }
  });

  it('刷新人脸 answers how the list splits, then queues each page to the device, which fetches them all', async () => {
    const [, exit] = await faceTerminals();
    const door = await keyed(exit!.id);
    const refresh = (body: Record<string, unknown>, token = property) =>
      t.post<FaceRefreshReply>(`${D}/refreshFace`, { gate_id: exit!.id, ...body }, token);
    const expected = (await check(exit!.id)).body.data.expected;
    expect(expected).toBeGreaterThan(3);
    expect((await refresh({})).body.data).toEqual({
      pageCount: Math.ceil(expected / 20),
      size: 20,
      total: expected,
      current: 1,
    });
    expect((await refresh({ pageSize: 30 })).body.data).toMatchObject({
      size: 30,
      pageCount: Math.ceil(expected / 30),
    });
    expect((await refresh({ pageSize: 25 })).body).toMatchObject({
      code: Code.validation,
      msg: '每页人数只能是30、40、50或100',
      data: { field: 'pageSize' },
    });
    const before = (await t.one<{ n: number }>(sql`select count(*)::int n from access_face_syncs`)).n;
    const size = 30;
    const { pageCount } = (await refresh({ pageSize: size })).body.data;
    expect((await refresh({ pageSize: size, page: pageCount + 1 })).body).toMatchObject({
      code: Code.validation,
      data: { field: 'page' },
    });
    for (let page = 1; page <= pageCount; page++)
      expect((await refresh({ pageSize: size, page })).body).toMatchObject({ code: 0, data: { current: page } });
    const syncs = await t.rows<{ page: number; source: string; n: number }>(
      sql`select page, source, jsonb_array_length(add_faces)::int n from access_face_syncs
        where device_id = ${exit!.id} and source = 'refresh' order by id`,
    );
    expect(syncs.map((y) => y.page)).toEqual(Array.from({ length: pageCount }, (_, i) => i + 1));
    expect(syncs.reduce((a, y) => a + y.n, 0)).toBe(expected);
    expect((await t.one<{ n: number }>(sql`select count(*)::int n from access_face_syncs`)).n).toBe(before + pageCount);
    // the job runner readies them; the door fetches every page and reports them done
    await expect
      .poll(
        async () =>
          (
            await t.one<{ n: number }>(
              sql`select count(*)::int n from access_face_syncs where device_id = ${exit!.id} and state = 'queued'`,
            )
          ).n,
        { timeout: 15_000, interval: 100 },
      )
      .toBe(0);
    const { commands } = (await postDevice<DeviceCommandsReply>(t.app, 'commands', door, {})).data;
    expect(commands.flatMap((c) => c.add.map((a) => a.face_id)).length).toBe(expected);
    for (const c of commands)
      expect((await postDevice(t.app, 'commandResult', door, { sync_id: c.sync_id })).code).toBe(0);
    expect((await check(exit!.id)).body.data).toMatchObject({ missing: [], extra: [], last_sync_state: 'done' });
    // another company's user: the door is not found
    expect((await refresh({}, propertyb)).body.code).toBe(Code.notFound);
  });

  it('takes a device’s next report as what it holds', async () => {
    const [, exit] = await faceTerminals();
    const secret = 'a'.repeat(64);
    const { encryptSecret, configSecretKey } = await import('../../system/index.ts');
    await t.db.execute(sql`update access_devices set secret = ${encryptSecret(configSecretKey(t.registry), secret)}
      where id = ${exit!.id}`);
    const code = (await t.one<{ gateno: string }>(sql`select gateno from access_devices where id = ${exit!.id}`))
      .gateno;
    const expected = (await check(exit!.id)).body.data;
    await postDevice(t.app, 'faces', { code, secret }, { faces: ['F999999'] });
    const d = (await check(exit!.id)).body.data;
    expect(d.extra).toEqual([{ face_id: 'F999999', kind: 'resident', person_id: null, name: '' }]);
    expect(d.missing.length).toBe(expected.expected);
  });

  it('refuses other companies and callers without the right; bad ids name the field', async () => {
    const [entry] = await faceTerminals();
    expect((await check(entry!.id, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.post(`${D}/facePush`, { id: entry!.id }, propertyb)).body.code).toBe(Code.notFound);
    expect((await gaps(propertyb)).body.data ?? []).toEqual([]);
    expect((await check(entry!.id, staff)).body.code).toBe(Code.forbidden);
    expect((await t.post(`${D}/facePush`, { id: 'abc' }, property)).body.msg).toBe('设备 格式错误');
  });
});
