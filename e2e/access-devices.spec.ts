import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { login, pick, property, sideMenuTitles, tableRow, vis } from './helpers.ts';

/** what a door device does: sign the raw body with its key and post it */
const deviceCall = async (page: Page, path: string, device: { code: string; secret: string }, body: unknown) => {
  const raw = JSON.stringify(body);
  const ts = String(Date.now());
  const res = await page.request.post(`/xapi/Iot/Device/${path}`, {
    headers: {
      'content-type': 'application/json',
      'x-device-code': device.code,
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', device.secret).update(`${ts}.${raw}`).digest('hex'),
    },
    data: raw,
  });
  return (await res.json()) as { code: number; msg: string; data: { id: number; replay: boolean } };
};

test('门禁管理: add a device, see its secret once, its signed passage shows in 通行记录', async ({ page }) => {
  test.setTimeout(budget(40_000));
  const tag = String(Date.now()).slice(-6);
  const code = `E2E-DOOR-${tag}`;
  const name = `e2e 西门人脸机${tag}`;
  await login(page, property);
  expect(await sideMenuTitles(page)).toContain('物联网');

  await page.goto('/Web/Internet/AccessControlManagement/listConfig');
  await vis(page, 'toolbar-accessDeviceAdd').click();
  const form = page.getByTestId('form-dialog');
  await pick(page, form.getByTestId('form-item-village_id'), '阳光花园');
  await form.getByTestId('form-item-name').locator('input').fill(name);
  await pick(page, form.getByTestId('form-item-device_type'), '人脸识别终端');
  await form.getByTestId('form-item-gateno').locator('input').fill(code);
  await form.getByTestId('form-item-model').locator('input').fill('DS-K1T671M');
  await page.getByTestId('form-submit').click();

  // the secret, this once
  const shown = page.getByTestId('secret-dialog');
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('secret-gateno')).toHaveText(code);
  const secret = await shown.getByTestId('secret-value').inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await page.getByTestId('secret-done').click();
  await expect(shown).toBeHidden();
  await expect(tableRow(page, name)).toBeVisible();
  // its detail never shows it again
  await tableRow(page, name).getByTestId('row-action-detail').click();
  const detail = page.getByTestId('form-dialog');
  await expect(detail).toContainText(code);
  await expect(detail).not.toContainText(secret);
  await page.keyboard.press('Escape');

  // the device calls: a heartbeat makes it 在线, a face passage is recorded once
  expect((await deviceCall(page, 'heartbeat', { code, secret }, { firmware: 'V1' })).code).toBe(0);
  const passage = { event_id: `e2e-${tag}`, open_type: 3, qr_code: `VISIT-${tag}`, jctype: 1 };
  const first = await deviceCall(page, 'event', { code, secret }, passage);
  expect(first.code, first.msg).toBe(0);
  expect((await deviceCall(page, 'event', { code, secret }, passage)).data).toMatchObject({ replay: true });
  expect((await deviceCall(page, 'event', { code, secret: 'guess' }, passage)).msg).toBe('设备签名错误');

  await page.goto('/Web/Internet/AccessRecord/listConfig');
  // the device list stays mounted behind (a kept-alive tab): only the visible table
  const row = tableRow(page, name).filter({ visible: true });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`VISIT-${tag}`);
  await expect(row).toContainText('二维码');
  await expect(tableRow(page, `VISIT-${tag}`).filter({ visible: true })).toHaveCount(1);
});
