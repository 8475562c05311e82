import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { login, property } from './helpers.ts';

// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A real JPEG over 2 MB (random pixels at quality 1 do not compress), drawn by the browser itself. */
const bigJpeg = async (page: Page) => {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1600;
    c.height = 1200;
    const ctx = c.getContext('2d')!;
    const img = ctx.createImageData(c.width, c.height);
    for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    ctx.putImageData(img, 0, 0);
    return c.toDataURL('image/jpeg', 1).split(',')[1]!;
  });
  const buf = Buffer.from(b64, 'base64');
  expect(buf.length).toBeGreaterThan(2097152);
  return buf;
};

const openAdd = async (page: Page, route: string) => {
  await page.goto(route);
  await page.getByTestId('toolbar-add').click();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
};

const fileInput = (page: Page, prop: string) => page.getByTestId(`form-item-${prop}`).locator('input[type="file"]');

test.describe('photo uploads', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, property);
  });

  test("a resident's photo takes a JPG of at most 2 MB only", async ({ page }) => {
    await openAdd(page, '/Web/Basic/GatePerson/listConfig');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/Common/Document/Upload')) uploads++;
    });
    await fileInput(page, 'imgs').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('上传头像图片只能是 JPG 格式!')).toBeVisible();
    const big = await bigJpeg(page);
    await fileInput(page, 'imgs').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: big });
    await expect(page.getByText('上传头像图片大小不能超过 2MB!')).toBeVisible();
    expect(uploads).toBe(0);
  });

  test('another image over 2,097,152 bytes is shrunk to 400×300 before it is uploaded', async ({ page }) => {
    await openAdd(page, '/Web/Basic/Building/listConfig');
    const big = await bigJpeg(page);
    const reply = page.waitForResponse((r) => r.url().includes('/Common/Document/Upload'));
    await fileInput(page, 'bdp_img').setInputFiles({ name: 'plan.jpg', mimeType: 'image/jpeg', buffer: big });
    const stored = ((await (await reply).json()) as { code: number; data: { size: number } }).data;
    expect(stored.size).toBeLessThan(2097152);
    await expect(page.getByText('上传成功')).toBeVisible();
    const img = page.getByTestId('form-item-bdp_img').locator('img');
    await expect(img).toHaveCount(1);
    await expect
      .poll(() => img.evaluate((e: HTMLImageElement) => `${e.naturalWidth}×${e.naturalHeight}`))
      .toBe('400×300');
  });

  test('an empty upload reply says 上传失败', async ({ page }) => {
    await page.route('**/Common/Document/Upload', (r) => r.fulfill({ status: 200, body: '' }));
    await openAdd(page, '/Web/Basic/GatePerson/listConfig');
    await fileInput(page, 'imgs').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: PNG });
    await expect(page.getByText('上传失败')).toBeVisible();
    await expect(page.getByTestId('form-item-imgs').locator('img')).toHaveCount(0);
  });
});
