import { budget, expect, test } from './fixtures.ts';
import { api, deviceCall, login, pick, property, sideMenuTitles, tableRow, vis } from './helpers.ts';

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

test('识别阈值 set in its dialog; a face below it, posted by a device, pops up as a face alert in the open browser', async ({
  page,
}) => {
  test.setTimeout(budget(40_000));
  const tag = String(Date.now()).slice(-6);
  await login(page, property);
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const village = villages.find((v) => v.label === '阳光花园')!.value;
  const made = await api<{ gateno: string; secret: string }>(page, '/Web/Internet/AccessControlManagement/addDevice', {
    village_id: village,
    name: `e2e 告警门${tag}`,
    gateno: `E2E-ALERT-${tag}`,
    device_type: 2,
    direction: 1,
    status: 1,
  });
  const resident = (
    await api<{ records: { id: number; name: string }[] }>(page, '/Web/Basic/GatePerson/list', {
      village_id: village,
      size: 1,
    })
  ).records[0]!;

  await page.goto('/Web/Internet/AccessControlManagement/listConfig');
  await vis(page, 'toolbar-accessFaceThreshold').click();
  const form = page.getByTestId('threshold-form');
  await pick(page, form, '阳光花园');
  // the village's current value comes in when it is chosen
  const value = form.getByRole('spinbutton');
  await expect(value).toHaveValue(/^\d+$/);
  await value.fill('90');
  await page.getByTestId('threshold-submit').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  const passage = { event_id: `e2e-low-${tag}`, open_type: 1, person_id: resident.id, similarity: 72.5 };
  const posted = await deviceCall(page, 'event', { code: made.gateno, secret: made.secret }, passage);
  expect(posted.code, posted.msg).toBe(0);
  // the event stream brings it without a reload
  await expect(page.getByTestId('abnormal-notification-title')).toHaveText(
    `e2e 告警门${tag}：人脸比对未通过（相似度 72.50%，阈值 90%）`,
    { timeout: budget(5000) },
  );
  await page.getByTestId('abnormal-notification-view').click();
  await expect(page.getByTestId('abnormal-similarity')).toHaveText('72.50%');
  await expect(page.getByTestId('abnormal-face')).toContainText(resident.name);
  await page.getByTestId('abnormal-ok').click();
});
