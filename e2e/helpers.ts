import { createHmac } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { budget } from './workers.ts';

export type Who = { path: '/login' | '/adminlogin' | '/operatorlogin'; user: string; password: string };
export const admin: Who = { path: '/adminlogin', user: 'admin', password: 'Admin_2026' };
export const operator: Who = { path: '/operatorlogin', user: 'operator', password: 'Operator_2026' };
export const property: Who = { path: '/login', user: 'property', password: 'Property_2026' };
export const staff: Who = { path: '/login', user: 'staff', password: 'Staff_2026' };
/** company B's super administrator (安居物业) */
export const propertyb: Who = { path: '/login', user: 'propertyb', password: 'Property_2026' };

/** Logs in through the real form (client-side encryption, server checks) and waits for the shell. */
export const login = async (page: Page, who: Who, target?: string) => {
  await page.goto(target ? `${who.path}?redirect=${encodeURIComponent(target)}` : who.path);
  await page.getByTestId('login-username').fill(who.user);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page.getByTestId('shell')).toBeVisible();
};

/** The bearer token the web keeps (key prefixed with the app version). */
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('1.10.0_token'));

export const sideMenuTitles = async (page: Page) => {
  await expect(page.getByTestId('top-menu')).toBeVisible();
  // antd adds an empty overflow item at the end of a horizontal menu
  return (await page.getByTestId('top-menu').locator('[role="menuitem"]').allInnerTexts()).filter(
    (t) => t.trim() !== '',
  );
};

/** Calls the API as the logged-in browser user (same token, same base path). */
export const api = async <T = unknown>(page: Page, path: string, body: unknown = {}) => {
  const token = await storedToken(page);
  const res = await page.request.post(`/xapi${path}`, { headers: { Authorization: `Bearer ${token}` }, data: body });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(0);
  return json.data;
};

export const tableRow = (page: Page, text: string) =>
  page.getByTestId('list-table').locator('tbody tr', { hasText: text });

/** A valid 18-digit resident ID card (GB 11643 checksum) for a birth date and sequence. */
export const idCard = (birth: string, seq: number) => {
  const body = `330106${birth}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11]!;
};

/**
 * Presses the OK button of the open confirm dialog. Under load a click can land while the
 * dialog is still animating in; press again until the dialog is gone.
 */
export const confirmDialog = async (page: Page) => {
  const ok = page.locator('.ant-modal-confirm-btns .ant-btn-primary').last();
  await expect(ok).toBeVisible();
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2000 });
    await expect(page.locator('.ant-modal-confirm:visible')).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: budget(15_000) });
};

/**
 * Presses a dialog's button until the dialog is gone, for a plain antd Modal (confirmDialog is for confirm dialogs):
 * a press that does not take (the dialog still animating in on a loaded machine) is pressed again.
 */
export const pressUntilGone = async (dialog: Locator, button: Locator) => {
  await expect(button).toBeVisible();
  await expect(async () => {
    if (await button.isVisible()) await button.click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
};

/** Opens an antd select inside a container and picks the option with this text. */
export const pick = async (page: Page, container: Locator, option: string) => {
  await container.locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
};

/** Unfolds a list's search form, which shows its first row until 展开, so that any of its filters can be filled. */
export const showAllFilters = async (form: Locator) => {
  const toggle = form.getByTestId('search-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
};

/** A test id on the visible page only: cached tabs keep other pages' copies hidden in the DOM. */
export const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/**
 * In the open 收款 dialog of 欠费催缴: choose 线上收款（扫码）, submit, pay the order on the sandbox payer page in a new
 * tab of the same browser, and wait until the dialog says paid; the dialog is then closed.
 */
export const collectOnlineInSandbox = async (page: Page) => {
  await page.getByTestId('collection-dialog').getByText('线上收款（扫码）').click();
  const order = page.waitForResponse((r) => r.url().includes('/RenewalList/charge'));
  await page.getByTestId('collection-submit').click();
  const { data } = (await (await order).json()) as { data: { codeUrl: string } };
  await expect(page.getByTestId('collection-qr')).toBeVisible();
  const payer = await page.context().newPage();
  await payer.goto(data.codeUrl.replace(/^https?:\/\/[^/]+/, ''));
  await payer.getByTestId('sandbox-pay-success').click();
  await expect(payer.getByTestId('sandbox-result')).toContainText('支付成功');
  await expect(page.getByTestId('collection-state')).toHaveAttribute('data-state', '1', { timeout: budget(15_000) });
  await payer.close();
  await page.keyboard.press('Escape');
};

/**
 * Types a time into an antd 24-hour TimePicker inside `holder` and leaves it (the picker takes a whole typed
 * time at once); the field then shows it as typed.
 */
export const fillTime = async (holder: Locator, value: string) => {
  const input = holder.locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Tab');
  await expect(input).toHaveValue(value);
};

/** what a door device does: sign the raw body with its key and post it */
export const deviceCall = async <T = { id: number; replay: boolean }>(
  page: Page,
  path: string,
  device: { code: string; secret: string },
  body: unknown,
) => {
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
  return (await res.json()) as { code: number; msg: string; data: T };
};

/**
 * Makes a built list screen look unbuilt: its config call is sent on to a path where the server declares no screen,
 * so the real server answers as it does for a menu added before its screen.
 */
export const asUnbuilt = (page: Page, path: string) =>
  page.route(`**/xapi${path}`, (route) =>
    route.continue({ url: route.request().url().replace(path, '/Web/NotBuilt/Yet/listConfig') }),
  );
