import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { login, pick, property, tableRow, vis } from './helpers.ts';

const LIST = '/Web/Internet/Visitor/listConfig';
/** a real picture for the avatar upload */
const PHOTO = 'docs/screenshots/list-1366-after.png';

/** the staff's 访客二维码 dialog on 阳光花园: the code's link as the QR image carries it */
const openQr = async (page: Page) => {
  await vis(page, 'toolbar-visitorQr').click();
  await pick(page, page.locator('.ant-modal').filter({ hasText: '访客二维码' }), '阳光花园');
  const canvas = page.getByTestId('visitor-qr-canvas');
  await expect(canvas).toHaveAttribute('data-qr-text', /\/visitor_reg\?type=1&id=[\w-]+\.[\w-]{32}$/);
  return (await canvas.getAttribute('data-qr-text'))!;
};

/** a visitor's phone: its own browser, no login */
const phone = async (browser: Browser) =>
  (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();

test('a visitor registers on his phone by the village QR code, staff approve him; a revoked code has expired', async ({
  page,
  browser,
}) => {
  test.setTimeout(budget(90_000));
  await login(page, property, LIST);
  await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row').first()).toBeVisible();

  // 访客二维码: a real QR code of the link, downloaded as a PNG
  const link = await openQr(page);
  const download = page.waitForEvent('download');
  await page.getByTestId('visitor-qr-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('阳光花园-访客登记二维码.png');
  const png = await readFile((await file.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await page.keyboard.press('Escape');

  // the visitor's phone: the page's rules, then a registration with an uploaded photo
  const guest = await phone(browser);
  await guest.goto(link);
  await expect(guest.getByTestId('visitor-title')).toHaveText('阳光花园 访客登记');
  const width = await guest.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await guest.getByTestId('visitor-submit').click();
  for (const msg of ['请填写姓名', '请填写手机号', '请选择访客类型', '请上传头像'])
    await expect(guest.getByText(msg)).toBeVisible();
  const name = `e2e访客${Date.now() % 100000}`;
  await guest.getByTestId('visitor-name').fill(name);
  await guest.getByTestId('visitor-phone').fill('12345678901');
  await expect(guest.getByText('手机号码格式错误！')).toBeVisible();
  await guest.getByTestId('visitor-phone').fill('13912345678');
  await guest.getByTestId('visitor-type').getByText('商务拜访').click();
  await guest.getByTestId('visitor-avatar-file').setInputFiles(PHOTO);
  await expect(guest.getByTestId('visitor-avatar-preview')).toBeVisible({ timeout: budget(10_000) });
  await expect(guest.getByText('请上传头像')).toHaveCount(0);
  await guest.getByTestId('visitor-submit').click();
  await expect(guest.getByText('登记成功')).toBeVisible({ timeout: budget(10_000) });
  // the form starts again
  await expect(guest.getByTestId('visitor-name')).toHaveValue('');
  await expect(guest.getByTestId('visitor-avatar-preview')).toHaveCount(0);

  // 访客记录: the new visitor waits for review; 审核 approves him for today
  await page.reload();
  const row = tableRow(page, name).filter({ visible: true });
  await expect(row).toContainText('待审核', { timeout: budget(10_000) });
  await expect(row).toContainText('商务拜访');
  await row.getByTestId('row-action-visitorReview').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审核访客' });
  // the pass defaults to today until 23:59:59
  await expect(dialog.getByTestId('visitor-review-window').first()).toHaveValue(/ 00:00:00$/);
  await expect(dialog.getByTestId('visitor-review-window').last()).toHaveValue(/ 23:59:59$/);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('审核成功')).toBeVisible();
  await expect(row).toContainText('已通过');
  await expect(row).toContainText('23:59:59');
  await expect(row.getByTestId('row-action-visitorReview')).toHaveCount(0);

  // 撤销: the printed code stops at once, the phone says it has expired
  await openQr(page);
  await page.getByTestId('visitor-qr-revoke').click();
  await page.getByTestId('visitor-qr-revoke-ok').click();
  await expect(page.getByText('已撤销')).toBeVisible();
  // the new code replaces the old one once its reply is drawn
  await expect(page.getByTestId('visitor-qr-canvas')).not.toHaveAttribute('data-qr-text', link);
  const fresh = await page.getByTestId('visitor-qr-canvas').getAttribute('data-qr-text');
  await guest.reload();
  await expect(guest.getByTestId('visitor-overlay')).toHaveText('二维码已过期');

  // 访客登记 switched off: the new code shows the closed notice; a wrong address says 参数错误
  await page.getByTestId('visitor-qr-switch').click();
  await expect(page.getByTestId('visitor-qr-switch')).not.toBeChecked();
  await guest.goto(fresh!);
  await expect(guest.getByTestId('visitor-overlay')).toHaveText('该小区已关闭访客登记功能');
  await page.getByTestId('visitor-qr-switch').click();
  await expect(page.getByTestId('visitor-qr-switch')).toBeChecked();
  await guest.reload();
  await expect(guest.getByTestId('visitor-title')).toHaveText('阳光花园 访客登记');
  await guest.goto(fresh!.replace(/id=[^&]+/, 'id=nonsense'));
  await expect(guest.getByTestId('visitor-overlay')).toHaveText('参数错误');
  await guest.context().close();
});
