import type { Locator, Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, collectOnlineInSandbox, login, pick, property, showAllFilters, tableRow, vis } from './helpers.ts';

type List<T> = { records: T[]; total: number };
type Option = { label: string; value: number | string };
type Assoc = { id: number; spaceNum: string; end_date: string; status: number };

const SPACE = 'A-030';
const BILL = `车位续费-${SPACE}`;

/** the last day of `months` months counted from the day after `end` (as the server counts a renewal) */
const renewedEnd = (end: string, months: number) => {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last) - 1);
  return d.toISOString().slice(0, 10);
};

/** a searchable select: type to filter (the dropdown renders only the options in view), then pick */
const pickTyped = async (page: Page, select: Locator, text: string) => {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
};
const submitOf = (dialog: Locator) => dialog.locator('.ant-modal-footer .ant-btn-primary');

const association = async (page: Page) =>
  (await api<List<Assoc>>(page, '/Web/Parking/Association/list', { size: 100 })).records.find(
    (a) => a.spaceNum === SPACE && Number(a.status) === 1,
  );

/**
 * Signs in, opens 车位管理 → 关联车位 and fills 阳光花园 and one of its owners (the n-th of the owner tab) through the
 * residents table: search the name, 选择. Answers the open dialog and the owner's name.
 */
const openAssociate = async (page: Page, nth: number) => {
  await login(page, property);
  const villages = await api<Option[]>(page, '/Web/Basic/Village/options');
  const sunshine = villages.find((v) => v.label === '阳光花园')!.value;
  const owners = await api<{ records: { name: string }[] }>(page, '/Web/Basic/GatePerson/list?tab_type=owner', {
    current: 1,
    size: 5,
    village_id: sunshine,
  });
  const owner = owners.records[nth]!.name;
  await page.goto('/Web/Parking/Space/listConfig');
  await vis(page, 'toolbar-parkingAssociate').click();
  const dialog = page.locator('.ant-modal:visible', { hasText: '关联车位' });
  await pick(page, dialog.getByTestId('assoc-village').locator('..'), '阳光花园');
  await dialog.getByTestId('assoc-owner-choose').click();
  const picker = page.locator('.ant-modal:visible', { hasText: '选择业主' });
  await picker.getByRole('textbox', { name: '姓名' }).fill(owner);
  await picker.getByRole('button', { name: /查\s*询/ }).click();
  await picker.locator('tbody tr', { hasText: owner }).first().getByTestId('row-action-pick').click();
  await expect(picker).toHaveCount(0);
  return { dialog, owner };
};

test('associate a space, renew it three months online, pay in 欠费催缴 through the sandbox: the end moves on', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  // 车位管理 → 关联车位: village, owner, space; short-term for the default year
  const { dialog, owner } = await openAssociate(page, 2);
  // the owner shows with his house beside the name
  await expect(dialog.getByTestId('assoc-owner').locator('input')).toHaveValue(new RegExp(`^${owner}（`));
  await pickTyped(page, dialog.getByTestId('assoc-space'), SPACE);
  await submitOf(dialog).click();
  await expect(page.getByText('关联成功')).toBeVisible();
  const made = await association(page);
  expect(made).toBeTruthy();

  // 车位关联 → 续费: 3 months, online; the total is months × (monthly + cleaning)
  await page.goto('/Web/Parking/Association/listConfig');
  await tableRow(page, SPACE).first().getByTestId('row-action-parkingRenew').click();
  const renew = page.locator('.ant-modal:visible', { hasText: '车位续费' });
  await expect(renew).toContainText(owner);
  const month = renew.getByTestId('renew-month');
  const monthInput = (await month.evaluate((e) => e.tagName)) === 'INPUT' ? month : month.locator('input');
  await monthInput.fill('3');
  await expect(renew.getByTestId('renew-total')).toHaveText('900.00');
  await pick(page, renew.getByTestId('renew-paytype').locator('..'), '线上支付');
  const [renewRes] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/Association/renew')),
    submitOf(renew).click(),
  ]);
  const bill = ((await renewRes.json()) as { data: { bill_id: number; amount: string } }).data;
  expect(bill.amount).toBe('900.00');

  // 欠费催缴: collect that bill online; the payer pays on the sandbox page
  await page.goto('/Web/Renewal/RenewalList/listConfig');
  await showAllFilters(vis(page, 'search-form'));
  await vis(page, 'search-form').getByPlaceholder('收费项目').fill(BILL);
  await vis(page, 'search-submit').click();
  await vis(page, 'list-table').locator(`tr[data-row-key="${bill.bill_id}"] input[type="checkbox"]`).check();
  await vis(page, 'toolbar-charge').click();
  await collectOnlineInSandbox(page);

  // the association's end moved on by three months, on screen too
  const end = renewedEnd(made!.end_date, 3);
  await expect.poll(async () => (await association(page))?.end_date).toBe(end);
  await page.goto('/Web/Parking/Association/listConfig');
  await expect(tableRow(page, SPACE).first()).toContainText(end);
});

test('月卡充值: a package for a selected car, paid in cash, shows as a paid 月卡费 bill', async ({ page }) => {
  test.setTimeout(budget(90_000));
  await login(page, property);
  const villages = await api<Option[]>(page, '/Web/Basic/Village/options');
  const sunshine = villages.find((v) => v.label === '阳光花园')!.value;
  const cars = await api<List<{ id: number; plate: string; village_id: number }>>(page, '/Web/Parking/Car/list', {
    village_id: sunshine,
  });
  const car = cars.records[0]!;
  const lots = await api<Option[]>(page, `/Web/Internet/ParkingBox/options?village_id=${car.village_id}`);
  const pkgName = `e2e 月卡${String(Date.now()).slice(-5)}`;
  await api(page, '/Web/Parking/Package/add', {
    row: {
      village_id: car.village_id,
      name: pkgName,
      months: 1,
      price: '150.00',
      status: 1,
      lot_ids: [lots[0]!.value],
    },
  });

  await page.goto('/Web/Parking/Car/listConfig');
  await vis(page, 'list-table').locator(`tr[data-row-key="${car.id}"] input[type="checkbox"]`).check();
  await vis(page, 'toolbar-parkingCardTopUp').click();
  const dialog = page.locator('.ant-modal:visible', { hasText: '月卡充值' });
  await expect(dialog).toContainText(car.plate);
  // a click that lands while the dialog still opens (a loaded machine) may go unseen: click until the rule shows
  await expect(async () => {
    await submitOf(dialog).click();
    await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择套餐!' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: budget(15_000) });
  await pick(page, dialog.getByTestId('topup-package').locator('..'), pkgName);
  await pick(page, dialog.getByTestId('topup-paytype').locator('..'), '现金');
  await submitOf(dialog).click();
  await expect(page.getByText('缴费成功')).toBeVisible();
  const paid = await api<List<{ name: string; include_tex: string }>>(page, '/Web/Renewal/PaidOrder/list', {
    name: `月卡充值-${car.plate}`,
  });
  expect(paid.records.map((b) => b.include_tex)).toEqual(['150.00']);
});

test('a rental space bills its first term when associated; renewed in cash it is collected on the spot from the paid end', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const space = 'A-032';
  // 关联车位 as 租赁车位 for the default year: the dialog offers the first term's bill, on by default
  const { dialog } = await openAssociate(page, 3);
  await pick(page, dialog.locator('.ant-form-item').filter({ has: page.locator('label[title="类型"]') }), '租赁车位');
  await pickTyped(page, dialog.getByTestId('assoc-space'), space);
  await expect(dialog.getByTestId('assoc-bill-first')).toHaveAttribute('aria-checked', 'true');
  const [assocRes] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/Association/associate')),
    submitOf(dialog).click(),
  ]);
  const first = ((await assocRes.json()) as { data: { id: number; bill_id: number; amount: string } }).data;
  // a year at ¥300 a month, in 应收账单 (not 欠费催缴: it is not overdue), said so
  expect(first.amount).toBe('3600.00');
  await expect(page.getByText('首期账单已生成（¥3600.00），请在 收费管理 › 应收账单 中收款')).toBeVisible();
  const billed = await api<List<{ id: number; status: number }>>(page, '/Web/Renewal/RenewalList/list', {
    name: `车位首期-${space}`,
  });
  expect(billed.records.map((b) => [b.id, Number(b.status)])).toEqual([[first.bill_id, 1]]);
  await api(page, '/Web/Renewal/RenewalList/charge', { ids: [first.bill_id], type: 1, payway: 2 });
  const assoc = async () =>
    (await api<List<Assoc>>(page, '/Web/Parking/Association/list', { size: 100 })).records.find(
      (a) => a.id === first.id,
    )!;
  const paidEnd = (await assoc()).end_date;

  // 续费 one month in cash: it starts the day after the paid period and is collected at once
  await page.goto('/Web/Parking/Association/listConfig');
  await tableRow(page, space).first().getByTestId('row-action-parkingRenew').click();
  const renew = page.locator('.ant-modal:visible', { hasText: '车位续费' });
  const startDay = new Date(`${paidEnd}T00:00:00Z`);
  startDay.setUTCDate(startDay.getUTCDate() + 1);
  await expect(renew.getByTestId('renew-start')).toHaveText(startDay.toISOString().slice(0, 10));
  await expect(renew.getByTestId('renew-total')).toHaveText('300.00');
  await pick(page, renew.getByTestId('renew-paytype').locator('..'), '现金');
  await submitOf(renew).click();
  await expect(page.getByText('缴费成功')).toBeVisible();
  await expect.poll(async () => (await assoc()).end_date).toBe(renewedEnd(paidEnd, 1));
});
