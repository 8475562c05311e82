import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type LoginData } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import type { Uploaded } from './service.ts';

const dataDir = mkdtempSync(join(tmpdir(), '5a-upload-'));
let t: TestApp;
let property: LoginData;
let propertyb: LoginData;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 32)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 1)]);

const multipart = (name: string, body: Buffer) => {
  const boundary = '----5a-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const upload = async (url: string, name: string, body: Buffer, token: string) => {
  const m = multipart(name, body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/xapi${url}`,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${token}` },
  });
  return res.json() as { code: number; msg: string; data: Uploaded };
};

const loginData = async (user: 'property' | 'propertyb') =>
  (await t.post<LoginData>('/Passport/User/Login/web', await t.loginRequest(user, 'Property_2026'))).body.data;

beforeAll(async () => {
  t = await setupApp({ dataDir });
  [property, propertyb] = [await loginData('property'), await loginData('propertyb')];
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('stores an image and serves it with the url token only to its owner', async () => {
    const res = await upload('/api/upload/image', 'face.jpg', JPEG, property.token);
    expect(res).toMatchObject({
      code: 0,
      msg: '上传成功!',
      data: { type: 'image/jpeg', size: JPEG.length, name: 'face.jpg' },
    });
    expect(res.data.path).toMatch(/^t\d+\/\d{6}\/[a-f0-9-]{36}\.jpg$/);
    const file = await t.app.inject({ url: `${res.data.url}?token=${property.urlToken}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    expect((await t.app.inject({ url: `${res.data.url}?token=${propertyb.urlToken}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: res.data.url })).statusCode).toBe(401);
  });

  it("takes a PNG through the forms' upload (a camera capture), stored and served as a PNG", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(800, 3)]);
    const res = await upload('/Common/Document/Upload', 'camera.png', png, property.token);
    expect(res).toMatchObject({ code: 0, data: { type: 'image/png', size: png.length } });
    expect(res.data.path).toMatch(/\.png$/);
    const file = await t.app.inject({ url: `${res.data.url}?token=${property.urlToken}` });
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('sniffs the type from the bytes, not the name', async () => {
    const fake = await upload('/api/upload/image', 'photo.jpg', PDF, property.token);
    expect(fake).toMatchObject({ code: Code.fail, msg: '只能上传图片（JPG、PNG、GIF、WEBP）' });
    expect((await upload('/Common/Document/Upload', 'tool.pdf', EXE, property.token)).msg).toBe('不支持的文件类型');
    expect((await upload('/Common/Document/Upload', 'rules.pdf', PDF, property.token)).data.type).toBe(
      'application/pdf',
    );
  });

  it('caps image size', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect((await upload('/api/upload/image', 'big.jpg', big, property.token)).msg).toBe('文件大小不能超过5MB');
  });

  it('needs a login', async () => {
    const m = multipart('a.jpg', JPEG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/xapi/api/upload/image',
      payload: m.payload,
      headers: m.headers,
    });
    expect(res.json().code).toBe(Code.tokenInvalid);
  });
});
