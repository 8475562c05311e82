import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, login, property, vis } from './helpers.ts';

type Financial = {
  carSquireList: { id: number | string; name: string }[];
  tableData: { name: string; count: number; receivable: string }[];
};

test('房屋管理: 预存充值 tops up the selected house through the top-up dialog', async ({ page }) => {
  await login(page, property, '/Web/Basic/House/listConfig');
  const table = vis(page, 'list-table');
  await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
  const button = vis(page, 'toolbar-recharge');
  await expect(button).toHaveText(/预存充值/);
  await expect(button).toBeDisabled();

  const row = table.locator('tbody tr[data-row-key]').first();
  const id = Number(await row.getAttribute('data-row-key'));
  const balanceOf = async () => (await api<{ balance: string }>(page, '/Web/Renewal/Balance/detail', { id })).balance;
  const balance = Number(await balanceOf());
  await row.locator('input[type="checkbox"]').check();
  await button.click();

  const dialog = page.getByTestId('recharge-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('recharge-custom').click();
  const amount = dialog.getByTestId('recharge-amount');
  const amountInput = (await amount.evaluate((e) => e.tagName)) === 'INPUT' ? amount : amount.locator('input');
  await amountInput.fill('100');
  await expect(dialog.getByTestId('recharge-arrival')).not.toHaveText('¥0.00');
  const arrival = (await dialog.getByTestId('recharge-arrival').innerText()).replace('¥', '');
  const saved = page.waitForResponse((r) => r.url().includes('/Web/Renewal/Balance/recharge'));
  await page.getByTestId('recharge-submit').click();
  expect(((await (await saved).json()) as { code: number }).code).toBe(0);
  await expect(page.getByText('充值成功!')).toBeVisible();

  expect(await balanceOf()).toBe((balance + Number(arrival)).toFixed(2));
});

test('财务报表: the selector lists the parking spaces with bills, and choosing one narrows the statement', async ({
  page,
}) => {
  await login(page, property);
  const range = { start_time: '2000-01-01', end_time: '2099-12-31' };
  const all = await api<Financial>(page, '/Web/Renewal/Financial/index', range);
  const spaces = all.carSquireList.filter((o) => String(o.id).startsWith('space:'));
  expect(spaces.length).toBeGreaterThan(0);
  // a space with bills in the screen's default range (this year), so the narrowed table has rows
  let space = spaces[0]!;
  let expected = await api<Financial>(page, '/Web/Renewal/Financial/index', { id: space.id });
  for (const s of spaces.slice(1)) {
    if (expected.tableData.length) break;
    space = s;
    expected = await api<Financial>(page, '/Web/Renewal/Financial/index', { id: s.id });
  }
  expect(space.name).toMatch(/^车位 /);
  expect(expected.tableData.length).toBeGreaterThan(0);
  const thisYear = await api<Financial>(page, '/Web/Renewal/Financial/index', {});
  expect(expected.tableData.length).toBeLessThan(thisYear.tableData.length);

  await page.goto('/Web/Renewal/Financial/index');
  const tab = vis(page, 'financial-tab-item');
  await expect(tab).toBeVisible();
  // the selector is the tab's one select (the range picker is not one)
  const selector = tab.locator('.ant-select').first();
  await selector.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.locator('.ant-select-item-group', { hasText: '车位' })).toBeVisible();
  await selector.locator('input').fill(space.name.slice(0, 8));
  await dropdown.locator('.ant-select-item-option', { hasText: space.name }).first().click();

  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/Web/Renewal/Financial/index') && (r.request().postData() ?? '').includes(space.id as string),
  );
  await tab.getByTestId('financial-query').click();
  await answered;
  const rows = tab.getByTestId('financial-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(expected.tableData.length);
  for (const r of expected.tableData) await expect(tab.getByTestId('financial-table')).toContainText(r.name);
});

test('预存余额: 余额提醒 opens with the saved thresholds, and after a save opens again with the new ones', async ({
  page,
}) => {
  const url = '/Web/Renewal/Balance/balanceReminder';
  await login(page, property, '/Web/Renewal/Balance/listConfig');
  await expect(vis(page, 'list-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  const before = await api<{ msg_reminder: string; list_reminder: string }>(page, url, {});
  const inputOf = async (dialog: Locator, id: string) => {
    const el = dialog.getByTestId(id);
    return (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input');
  };
  const open = async () => {
    await vis(page, 'toolbar-balanceReminder').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('reminder-dialog') });
    await expect(dialog.locator('.ant-spin')).toHaveCount(0);
    return dialog;
  };
  // only the SMS threshold moves: the list's flags, which other tests read, stay as they are
  const next = (Number(before.msg_reminder) + 1.25).toFixed(2);
  try {
    const first = await open();
    await expect(await inputOf(first, 'reminder-msg')).toHaveValue(Number(before.msg_reminder).toFixed(2));
    await expect(await inputOf(first, 'reminder-list')).toHaveValue(Number(before.list_reminder).toFixed(2));
    const msg = await inputOf(first, 'reminder-msg');
    await msg.fill(next);
    await msg.blur();
    await first.getByTestId('reminder-submit').click();
    await expect(page.getByText('保存成功!')).toBeVisible();
    await expect(first).toHaveCount(0);

    const again = await open();
    await expect(await inputOf(again, 'reminder-msg')).toHaveValue(next);
    await again.getByRole('button', { name: /取\s*消/ }).click();
    await expect(again).toHaveCount(0);
  } finally {
    await api(page, url, before);
  }
});
