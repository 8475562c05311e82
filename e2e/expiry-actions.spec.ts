import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { admin, api, login, operator, pick, vis } from './helpers.ts';

/** A date in Asia/Shanghai, `days` from today. */
const shanghaiDate = (days: number) =>
  new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

// companies of this spec's own: the demo's (康居 lapsed, 惠民 about to) are other specs' fixtures
const suffix = Date.now().toString(36).slice(-5);
const EXTENDED = `e2e延期物业${suffix}`;
const RENEWED = `e2e续费物业${suffix}`;
const EXPIRE_TENANT = '/Sys/CarrierOperator/ExpireTenant/listConfig';

/** adds a company (its super administrator too) ending `days` from today, as the logged-in platform or operator */
const addCompany = (page: Page, name: string, days: number, user: string) =>
  api(page, '/Operator/Tenant/add', {
    row: {
      name,
      contact: '测试',
      phone: '13800138000',
      service_expire: shanghaiDate(days),
      status: 1,
      user_name: user,
      user_password: 'Expiry_2026',
    },
  });

/** on 到期物业公司: narrows the list to one company and ticks its row */
const chooseCompany = async (page: Page, name: string) => {
  await page.goto(EXPIRE_TENANT);
  await page.getByRole('textbox', { name: '物业公司名称' }).filter({ visible: true }).fill(name);
  await vis(page, 'search-submit').click();
  const row = vis(page, 'list-table').locator('tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await row.locator('input[type="checkbox"]').check();
  return row;
};

test('the platform extends a lapsed company by 30 days on 到期物业公司', async ({ page }) => {
  await login(page, admin);
  await addCompany(page, EXTENDED, -5, `e2ex${suffix}`);
  const row = await chooseCompany(page, EXTENDED);
  await vis(page, 'toolbar-expireTenantExtend').click();
  const dialog = page.getByTestId('expiry-dialog');
  // lapsed: the 30 days count from today (yesterday + 30)
  const moved = shanghaiDate(29);
  await expect(dialog.getByTestId('expiry-rows')).toContainText(`${shanghaiDate(-5)} → ${moved}`);
  await dialog.getByTestId('expiry-count').fill('30');
  await page.getByTestId('expiry-submit').click();
  await expect(dialog).toContainText('请填写延期原因');
  await dialog.getByTestId('expiry-note').fill('e2e：停业补偿');
  await page.getByTestId('expiry-submit').click();
  await expect(page.getByText(`延期成功：${EXTENDED}到期日期为${moved}`)).toBeVisible();
  // still within the 30 days the list shows, now with its new end
  await expect(row).toContainText(moved);
  await expect(row).toContainText('即将到期');
});

test('an operator records an offline renewal of a year; it shows in 续费订单 as paid', async ({ page }) => {
  await login(page, operator);
  await addCompany(page, RENEWED, 3, `e2er${suffix}`);
  await chooseCompany(page, RENEWED);
  // a company's end moves by a paid renewal or the platform: the operator has 续费, not 延期
  await expect(vis(page, 'toolbar-expireTenantExtend')).toHaveCount(0);
  await vis(page, 'toolbar-expireTenantRenew').click();
  const dialog = page.getByTestId('expiry-dialog');
  await expect(dialog.getByTestId('expiry-amount')).toContainText('/年 × 1 年 = ¥');
  await pick(page, dialog.getByTestId('expiry-pay-method').locator('..'), '现金');
  await page.getByTestId('expiry-submit').click();
  const next = `${Number(shanghaiDate(3).slice(0, 4)) + 1}${shanghaiDate(3).slice(4)}`;
  await expect(page.getByText(`续费成功：${RENEWED}到期日期为${next}`)).toBeVisible();

  await page.goto('/Web/Renewal/RenewalOrder/listConfig');
  const order = vis(page, 'list-table').locator('tbody tr.ant-table-row', { hasText: RENEWED });
  await expect(order).toHaveCount(1);
  for (const text of ['已支付', '现金', next, '线下续费']) await expect(order).toContainText(text);
});

test('the company form shows its labels in full and refuses a phone that is neither mobile nor landline', async ({
  page,
}) => {
  await login(page, operator, '/Operator/Tenant/listConfig');
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  const labels = form.locator('.ant-form-item-label > label');
  await expect(labels.first()).toBeVisible();
  // a label cut short is narrower than its text, or its text wider than the label column
  const cut = await labels.evaluateAll((els) =>
    els
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollWidth > e.parentElement!.clientWidth + 1)
      .map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
  const phone = form.getByTestId('form-item-phone');
  await phone.locator('input').fill('0571-888');
  await phone.locator('input').blur();
  await expect(phone).toContainText('联系电话格式错误');
  await phone.locator('input').fill('0571-88886666');
  await expect(phone).not.toContainText('联系电话格式错误');
});
