import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chromiumLaunch } from './browser.ts';
import { api, login, property, storedToken, tableRow, vis } from './helpers.ts';

// Chromium's fake camera (a moving test pattern), allowed without asking: for this file only
test.use({
  launchOptions: {
    ...chromiumLaunch,
    args: [...(chromiumLaunch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

type List<T> = { records: T[]; total: number };
const LIST = '/Web/Basic/GatePerson/list?tab_type=owner';

/** A resident of its own (unique per run: retries and earlier runs leave theirs), opened in the edit form. */
const editNewResident = async (page: Page, prefix: string) => {
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const sunshine = villages.find((v) => v.label === '阳光花园')!.value;
  const house = (await api<List<{ id: number }>>(page, '/Web/Basic/House/list', { village_id: sunshine, size: 1 }))
    .records[0]!;
  const name = `${prefix}${Date.now().toString(36).slice(-6)}`;
  await api(page, '/Web/Basic/GatePerson/add', { row: { house_id: house.id, name, status: '1' } });
  await page.goto('/Web/Basic/GatePerson/listConfig');
  // the page may still settle while the name is typed: type and search again until applied
  await expect(async () => {
    await page.getByTestId('search-form').filter({ visible: true }).getByLabel('姓名').fill(name);
    await vis(page, 'search-submit').click();
    await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  await tableRow(page, name).getByTestId('row-action-edit').click();
  await expect(page.getByTestId('form-item-imgs')).toBeVisible();
  return name;
};

const size = (img: ReturnType<Page['locator']>) =>
  img.evaluate((e: HTMLImageElement) => `${e.naturalWidth}×${e.naturalHeight}`);

test.describe('拍照 on an image field', () => {
  test.beforeEach(async ({ page }) => {
    // every stream the page opens, to see that closing the dialog lets the camera go
    await page.addInitScript(() => {
      const w = window as unknown as { cameraStreams: MediaStream[] };
      w.cameraStreams = [];
      const media = navigator.mediaDevices;
      const open = media.getUserMedia.bind(media);
      media.getUserMedia = async (c) => {
        const s = await open(c);
        w.cameraStreams.push(s);
        return s;
      };
    });
    await login(page, property);
  });

  test("a resident's photo taken with the camera is saved as a 500×400 PNG", async ({ page }) => {
    const name = await editNewResident(page, '拍照住户');
    const item = page.getByTestId('form-item-imgs');
    await item.getByTestId('camera-open').click();
    const dialog = page.getByTestId('camera-dialog');
    await expect(dialog.getByTestId('camera-capture')).toBeEnabled();

    // 确定 before a capture keeps the dialog open and says to capture first
    await page.getByTestId('camera-confirm').click();
    await expect(page.getByText('请点击拍照')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByTestId('camera-capture').click();
    await expect(dialog.getByTestId('camera-still')).toBeVisible();
    await dialog.getByTestId('camera-retake').click();
    await expect(dialog.getByTestId('camera-video')).toBeVisible();
    await dialog.getByTestId('camera-capture').click();
    // an empty reply is the uploader's 上传失败, and the capture stays to try again
    await page.route('**/Common/Document/Upload', (r) => r.fulfill({ status: 200, body: '' }));
    await page.getByTestId('camera-confirm').click();
    await expect(page.getByText('上传失败')).toBeVisible();
    await expect(dialog.getByTestId('camera-still')).toBeVisible();
    await page.unroute('**/Common/Document/Upload');
    const reply = page.waitForResponse((r) => r.url().includes('/Common/Document/Upload'));
    await page.getByTestId('camera-confirm').click();
    expect(((await (await reply).json()) as { data: { type: string } }).data.type).toBe('image/png');
    await expect(dialog).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
            .flatMap((s) => s.getTracks())
            .map((t) => t.readyState),
        ),
      )
      .toEqual(['ended']);
    const preview = item.locator('img');
    await expect(preview).toHaveCount(1);
    await expect.poll(() => size(preview)).toBe('500×400');

    await page.getByTestId('form-submit').click();
    await expect(page.getByTestId('form-dialog')).toBeHidden();
    const saved = (await api<List<{ imgs: string }>>(page, LIST, { name })).records[0]!;
    expect(saved.imgs).toMatch(/\.png$/);
    const file = await page.request.get(`/xapi/Common/Document/file/${saved.imgs}`, {
      headers: { Authorization: `Bearer ${await storedToken(page)}` },
    });
    const png = await file.body();
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    // the IHDR chunk: width and height, big-endian
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([500, 400]);

    // the saved resident shows it
    await tableRow(page, name).getByTestId('row-action-detail').click();
    const shown = page.getByTestId('form-dialog').locator('img');
    await expect(shown).toHaveCount(1);
    await expect.poll(() => size(shown)).toBe('500×400');
  });

  test('a camera refused by the browser says so, and the upload still works', async ({ page }) => {
    // the user said no to the browser's question
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await editNewResident(page, '无相机住户');
    await page.getByTestId('form-item-imgs').getByTestId('camera-open').click();
    await expect(page.getByTestId('camera-error')).toHaveText('无法打开摄像头，请检查浏览器权限');
    const cameraModal = page.locator('.ant-modal', { has: page.getByTestId('camera-dialog') });
    await cameraModal.getByRole('button', { name: /取\s*消/ }).click();
    await expect(page.getByTestId('camera-dialog')).toBeHidden();

    const jpeg = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 40;
      c.height = 30;
      c.getContext('2d')!.fillRect(0, 0, 40, 30);
      return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
    });
    await page
      .getByTestId('form-item-imgs')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
    await expect(page.getByText('上传成功')).toBeVisible();
    await expect(page.getByTestId('form-item-imgs').locator('img')).toHaveCount(1);
  });
});
