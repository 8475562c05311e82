import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, showAllFilters, vis } from './helpers.ts';

type Option = { label: string; value: number | string };
type Bill = { id: number; status: number; house_id: number };
const SHOTS = 'docs/screenshots';
const ITEM = '收据演示费';

/** two months of a fixed ¥1234.56 item on one house of 阳光花园; the first paid in cash, the second unpaid */
const billsOnOneHouse = async (page: Page, itemName: string) => {
  const villages = await api<Option[]>(page, '/Web/Basic/Village/options');
  const sunshine = Number(villages.find((v) => v.label === '阳光花园')!.value);
  const item = await api<{ id: number }>(page, '/Web/Renewal/FeeItem/add', {
    row: {
      village_id: sunshine,
      name: itemName,
      category: '1',
      calc_mode: '2',
      period_type: '1',
      cycle_months: 1,
      unit_price: '1234.56',
      start_date: '2020-01-01',
    },
  });
  const house = (
    await api<{ records: { id: number }[] }>(page, '/Web/Basic/House/list', { village_id: sunshine, size: 1 })
  ).records[0]!.id;
  for (const month of ['2035-01', '2035-02'])
    await api(page, '/Web/Renewal/RenewalList/generate', {
      house_ids: [house],
      village_id: sunshine,
      fee_item_ids: [item.id],
      period_start: month,
      months: 1,
    });
  const bills = (await api<{ records: Bill[] }>(page, '/Web/Renewal/RenewalList/list', { name: itemName, size: 10 }))
    .records;
  expect(bills).toHaveLength(2);
  const [paid, unpaid] = [...bills].sort((a, b) => a.id - b.id);
  await api(page, '/Web/Renewal/RenewalList/charge', { ids: [paid!.id], type: 1, payway: 2 });
  return { paid: paid!.id, unpaid: unpaid!.id };
};

test('receipts: the company sets its layout, a paid bill prints as a numbered receipt with 大写, a reprint says 补打, an unpaid one as a notice', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  mkdirSync(SHOTS, { recursive: true });
  await login(page, property);
  // a retry makes a fee item of its own: the first attempt's stays
  const item = test.info().retry ? `${ITEM}${test.info().retry}` : ITEM;
  const { paid, unpaid } = await billsOnOneHouse(page, item);

  // 收据设置 from the bill list: layout and the texts above and below the lines
  await page.goto('/Web/Renewal/RenewalList/listConfig');
  await vis(page, 'toolbar-receiptSettings').click();
  const settings = page.locator('.ant-modal:visible', { hasText: '收据设置' });
  await expect(settings.getByTestId('receipt-settings-title')).toBeVisible();
  await settings.getByText('A4（每页一张）').click();
  await settings.getByTestId('receipt-settings-title').fill('阳光物业服务有限公司');
  await settings.getByTestId('receipt-settings-header').fill('地址：阳光花园物业服务中心  电话：0571-88886666');
  await settings.getByTestId('receipt-settings-footer').fill('本收据为缴费凭证，请妥善保管。');
  await settings.getByTestId('receipt-settings-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // 打印收据 on the chosen paid bill opens the print page in the company's layout
  await showAllFilters(vis(page, 'search-form'));
  await vis(page, 'search-form').getByPlaceholder('收费项目').fill(item);
  await vis(page, 'search-submit').click();
  await vis(page, 'list-table').locator(`tr[data-row-key="${paid}"] input[type="checkbox"]`).check();
  await vis(page, 'toolbar-receiptPrint').click();
  const dialog = page.locator('.ant-modal:visible', { hasText: '打印收据' });
  await expect(dialog).toContainText('已缴账单1 条');
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByTestId('receipt-open').click()]);
  await popup.waitForLoadState();
  const doc = popup.getByTestId('receipt-doc');
  await expect(doc).toHaveCount(1);
  await expect(doc).toHaveAttribute('data-kind', 'receipt');
  await expect(doc).toContainText('阳光物业服务有限公司');
  await expect(doc).toContainText('收  据');
  await expect(doc).toContainText('电话：0571-88886666');
  await expect(doc).toContainText('小区：阳光花园');
  await expect(doc).toContainText(item);
  await expect(doc).toContainText('2035-01-01 至 2035-01-31');
  await expect(popup.getByTestId('receipt-total')).toHaveText('¥1234.56');
  await expect(popup.getByTestId('receipt-words')).toHaveText('壹仟贰佰叁拾肆元伍角陆分');
  await expect(doc).toContainText('支付方式：现金');
  await expect(doc).toContainText(/订单编号：XJ\d{14,}/);
  await expect(doc).toContainText('收款单位（盖章）');
  await expect(popup.getByTestId('receipt-no')).toHaveText(/^编号：SJ\d{8}$/);
  const no = (await popup.getByTestId('receipt-no').textContent())!;
  await expect(popup.getByTestId('receipt-reprint')).toHaveCount(0);
  await expect(popup.getByTestId('receipt-sheet')).toHaveAttribute('data-layout', 'a4');
  await popup.screenshot({ path: `${SHOTS}/receipt-a4.png`, fullPage: true });

  // 241 mm continuous paper for a dot-matrix printer
  // a click landing while the dropdown still opens is lost on a loaded machine: choose until the sheet says so
  await expect(async () => {
    if (!(await popup.locator('.ant-select-dropdown:visible').count()))
      await popup.getByTestId('receipt-layout').click();
    await popup
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '241mm 针式连续纸' })
      .click({ timeout: budget(2_000) });
    await expect(popup.getByTestId('receipt-sheet')).toHaveAttribute('data-layout', 'continuous', {
      timeout: budget(1_000),
    });
  }).toPass({ timeout: budget(15_000) });
  await expect(popup.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  const size = await popup.getByTestId('receipt-sheet').evaluate((e) => e.getBoundingClientRect());
  // 241 mm × 140 mm at 96 dpi
  expect(Math.round(size.width)).toBe(911);
  expect(Math.round(size.height)).toBe(529);
  await popup.screenshot({ path: `${SHOTS}/receipt-continuous.png`, fullPage: true });

  // 打印 records the print (the browser's print dialog is not part of the test): the next one is 补打, same number
  await popup.evaluate(() => {
    window.print = () => undefined;
  });
  const [printed] = await Promise.all([
    popup.waitForResponse((r) => r.url().includes('/Receipt/printed')),
    popup.getByTestId('receipt-print').click(),
  ]);
  expect(((await printed.json()) as { data: { printed: number } }).data.printed).toBe(1);
  await popup.reload();
  await expect(popup.getByTestId('receipt-reprint')).toHaveText('补打');
  await expect(popup.getByTestId('receipt-no')).toHaveText(no);

  // the unpaid bill prints as a payment notice with the same header; two papers share a half-A4 sheet
  await popup.goto(`/print/receipt?ids=${unpaid}&layout=a4`);
  const notice = popup.getByTestId('receipt-doc');
  await expect(notice).toHaveAttribute('data-kind', 'notice');
  await expect(notice).toContainText('缴费通知单');
  await expect(notice).toContainText('阳光物业服务有限公司');
  await expect(notice).toContainText('2035-02-01 至 2035-02-28');
  await expect(popup.getByTestId('receipt-words')).toHaveText('壹仟贰佰叁拾肆元伍角陆分');
  await expect(popup.getByTestId('receipt-no')).toHaveCount(0);
  await popup.screenshot({ path: `${SHOTS}/payment-notice.png`, fullPage: true });
  await popup.goto(`/print/receipt?ids=${paid},${unpaid}&layout=half`);
  await expect(popup.getByTestId('receipt-doc')).toHaveCount(2);
  await expect(popup.getByTestId('receipt-sheet')).toHaveCount(1);
});
