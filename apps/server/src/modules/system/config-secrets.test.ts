import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type Page } from '@5a/contracts';
import { openDemo, type DemoApp } from '../estate/testing.ts';
import { getProvider } from '../payment/service.ts';

/** Secret settings (merchant keys) are write-only: stored encrypted, never read back by any API. */
let { t, property, staff, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, staff, ids } = await openDemo()));
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number };
const SECRET = 'apiv3-Key-0123456789abcdef012345';
const C = '/System/Config';
const stored = async (id: number) =>
  (await t.one<{ v: string }>(sql`select config_value as v from configs where id = ${id}`)).v;
const add = async (row: object) => {
  const r = await t.post<{ id: number }>(`${C}/add`, { row: { type: 2, ...row } }, property);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data.id;
};

describe('secret settings', () => {
  let id = 0;
  beforeAll(async () => {
    id = await add({ name: 'APIv3密钥', config_key: 'wechat_apiv3_key', config_value: SECRET });
    await add({ name: '商户号', config_key: 'wechat_mchid', config_value: '1900000001' });
  });

  it('refuses find_all to a user without the 参数配置 screen', async () => {
    const res = await t.post('/api/configs/find_all', { type: 2 }, staff);
    expect(res.body.code).toBe(Code.forbidden);
  });

  it('stores the secret encrypted, not as typed', async () => {
    const v = await stored(id);
    expect(v).toMatch(/^enc:v1:/);
    expect(v).not.toContain(SECRET);
  });

  it('never returns the secret from list, detail, find_all, the generic api or export', async () => {
    const list = (await t.post<Page<Row>>(`${C}/list`, { config_key: 'wechat', size: 50 }, property)).body.data.records;
    const listed = list.find((r) => r.id === id)!;
    expect(listed.config_value).toBe('已设置');
    expect(list.find((r) => r.config_key === 'wechat_mchid')!.config_value).toBe('1900000001');

    const detail = (await t.post<Row>(`${C}/detail`, { id }, property)).body.data;
    expect(detail.config_value).toBe('已设置');
    const api = (await t.post<Row>('/api/configs/update', { id }, property)).body.data;
    expect(api.config_value).toBe('已设置');
    const found = (await t.post<Row[]>('/api/configs/find_all', { type: 2 }, property)).body.data;
    expect(found.map((r) => r.config_key).sort()).toEqual(['wechat_apiv3_key', 'wechat_mchid']);

    const csv = await t.app.inject({
      method: 'POST',
      url: `/xapi${C}/export`,
      payload: { format: 'csv' },
      headers: { authorization: `Bearer ${property}` },
    });
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(text).toContain('wechat_apiv3_key');
    for (const body of [
      JSON.stringify(list),
      JSON.stringify(detail),
      JSON.stringify(api),
      JSON.stringify(found),
      text,
    ]) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('enc:v1:');
    }
  });

  it('keeps the secret on an edit without a new value and replaces it with a new one', async () => {
    const before = await stored(id);
    for (const config_value of ['', '已设置']) {
      const r = await t.post(
        `${C}/edit`,
        { id, row: { name: 'APIv3密钥（生产）', config_key: 'wechat_apiv3_key', config_value, type: 2 } },
        property,
      );
      expect(r.body.code, r.body.msg).toBe(0);
      expect(await stored(id)).toBe(before);
    }
    expect((await t.post(`${C}/cellSave`, { key: 'config_value', row: { id }, val: '' }, property)).body.code).toBe(0);
    expect(await stored(id)).toBe(before);

    const r = await t.post(
      `${C}/cellSave`,
      { key: 'config_value', row: { id }, val: 'new-apiv3-key-abcdefabcdefabcdef' },
      property,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    const after = await stored(id);
    expect(after).toMatch(/^enc:v1:/);
    expect(after).not.toBe(before);
    expect(after).not.toContain('new-apiv3-key');
  });

  it('masks keys that look secret and legacy plaintext rows, which still work for payment', async () => {
    const other = await add({ name: '短信密码', config_key: 'sms_password', config_value: 'sms-pass-123' });
    expect(await stored(other)).toMatch(/^enc:v1:/);
    // an older release stored merchant keys as plain text
    await t.db.execute(sql`insert into configs (tenant_id, name, config_key, config_value, type) values
      (${ids.tenantA}, '支付渠道', 'pay_provider', 'wechat', 2),
      (${ids.tenantA}, '平台证书序列号', 'wechat_platform_serial', 'P1', 2),
      (${ids.tenantA}, '平台公钥', 'wechat_platform_key', 'legacy-platform-key', 2),
      (${ids.tenantA}, '商户私钥', 'wechat_private_key', 'legacy-private-key', 2)`);
    const list = (await t.post<Page<Row>>(`${C}/list`, { size: 100 }, property)).body.data.records;
    const text = JSON.stringify(list);
    for (const s of ['sms-pass-123', 'legacy-platform-key', 'legacy-private-key']) expect(text).not.toContain(s);
    expect(list.find((r) => r.config_key === 'wechat_private_key')!.config_value).toBe('已设置');

    // the provider reads the decrypted (new) and the plain (legacy) values alike
    const provider = await getProvider(t.registry, t.db, ids.tenantA);
    expect(provider.kind).toBe('wechat');
  });
});
