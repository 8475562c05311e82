import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, collectOnlineInSandbox, login, pick, property, showAllFilters, vis } from './helpers.ts';

type List<T> = { records: T[]; total: number; unpaidtotal?: string; havepaidtotal?: string };
type Bill = { id: number; amount: string; include_tex: string; status: number; is_signed: number; house_id: number };

/** Searches a bill list by fee item and waits for that search's rows: a row checked while the unfiltered first
 * page is still shown would be the wrong one, or lose its tick when the search lands. */
const searchBills = async (page: Page, route: string, item: string) => {
  await page.goto(route);
  // by placeholder: kept-alive pages repeat input ids, so a label can point into a hidden page
  await showAllFilters(vis(page, 'search-form'));
  await vis(page, 'search-form').getByPlaceholder('收费项目').fill(item);
  const listPath = route.replace(/listConfig$/, 'list');
  const listed = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith(listPath) && JSON.stringify(r.request().postDataJSON()).includes(item),
  );
  await vis(page, 'search-submit').click();
  await listed;
};

/** the first unpaid bill row of the new fee item, by its house so one collection = one house */
const selectRow = async (page: Page, id: number) => {
  const row = vis(page, 'list-table').locator(`tr[data-row-key="${id}"]`);
  await row.locator('input[type="checkbox"]').check();
  await expect(row.locator('input[type="checkbox"]')).toBeChecked();
};

test('fees journey: fee item → bills for a village → pay online in the sandbox → on site with a discount → sign → totals agree', async ({
  page,
}, info) => {
  test.setTimeout(budget(120_000));
  // a retry starts over with a fee item of its own: the first attempt's item and bills stay behind
  const ITEM = `电梯运行费${info.retry + info.repeatEachIndex || ''}`;
  await login(page, property);

  // 1. define a fee item on the engine form
  await page.goto('/Web/Renewal/FeeItem/listConfig');
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  await pick(page, form.getByTestId('form-item-village_id'), '翠湖名苑');
  await form.getByTestId('form-item-name').locator('input').fill(ITEM);
  await pick(page, form.getByTestId('form-item-calc_mode'), '固定金额');
  await form.getByTestId('form-item-unit_price').locator('input').fill('23.45');
  await form.getByTestId('form-item-start_date').locator('input').fill('2026-01-01');
  await form.getByTestId('form-item-start_date').locator('input').press('Enter');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('保存成功!')).toBeVisible();

  // 2. generate this month's bills for every house of the village
  await page.goto('/Web/Renewal/RenewalList/listConfig');
  await pick(page, vis(page, 'search-form'), '翠湖名苑');
  await vis(page, 'search-submit').click();
  await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await vis(page, 'toolbar-generateBill').click();
  const gen = page.getByTestId('generate-dialog');
  // nothing selected: the scope is all houses of the current search, in the searched village
  await expect(gen.getByText('全部房屋（当前查询）')).toBeVisible();
  await expect(gen.getByTestId('generate-village')).toContainText('翠湖名苑');
  await pick(page, gen.getByTestId('generate-fee-items').locator('..'), ITEM);
  // a multiple select keeps its list open: click the dialog title to close it
  await page.locator('.ant-modal-title:visible').last().click();
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const village = villages.find((v) => v.label === '翠湖名苑')!.value;
  const houses = await api<List<unknown>>(page, '/Web/Basic/House/list', { village_id: village, size: 1 });
  // the scope is named before anything is written: village, houses, items
  await page.getByTestId('generate-submit').click();
  const scope = page.getByTestId('generate-scope-text');
  await expect(scope).toContainText('小区：翠湖名苑');
  await expect(scope).toContainText(`房屋：${houses.total} 户`);
  await expect(scope).toContainText(`收费项目：${ITEM}`);
  await page.getByTestId('generate-confirm').click();
  await expect(page.getByText(`生成完成：新增${houses.total}条账单`)).toBeVisible();
  await expect
    .poll(async () => (await api<List<Bill>>(page, '/Web/Renewal/RenewalList/list', { name: ITEM, size: 1 })).total)
    .toBe(houses.total);
  const bills = (await api<List<Bill>>(page, '/Web/Renewal/RenewalList/list', { name: ITEM, size: 10 })).records;
  expect(bills.every((b) => b.amount === '23.45')).toBe(true);

  // 3. collect one online: QR shown, the payer scans in the sandbox, the dialog turns paid
  await searchBills(page, '/Web/Renewal/RenewalList/listConfig', ITEM);
  await selectRow(page, bills[0]!.id);
  await vis(page, 'toolbar-charge').click();
  const dialog = page.getByTestId('collection-dialog');
  await collectOnlineInSandbox(page);

  // 4. collect another on site with a discount of 80 %
  await searchBills(page, '/Web/Renewal/RenewalList/listConfig', ITEM);
  await selectRow(page, bills[1]!.id);
  await vis(page, 'toolbar-charge').click();
  await dialog.getByText('线下收款（现场）').click();
  await page.getByTestId('collection-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '选择支付方式' })).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '输入订单编号' })).toBeVisible();
  // cash has no reference to type: its 订单编号 is generated
  await pick(page, dialog, '现金');
  await expect(page.getByTestId('collection-order-auto')).toContainText('收款后自动生成');
  await expect(page.getByTestId('collection-order-num')).toHaveCount(0);
  const discount = page.getByTestId('collection-discount');
  const discountInput = (await discount.evaluate((e) => e.tagName)) === 'INPUT' ? discount : discount.locator('input');
  await discountInput.fill('80');
  await discountInput.blur();
  await expect(page.getByTestId('collection-discount-text')).toContainText('当前：八折');
  await expect(page.getByTestId('collection-amount')).toContainText('18.76');
  // what will be collected is confirmed first
  await page.getByTestId('collection-submit').click();
  const confirm = page.getByTestId('collection-confirm-text');
  await expect(confirm).toContainText('应收合计：¥23.45');
  await expect(confirm).toContainText('折扣：八折');
  await expect(confirm).toContainText('实收金额：¥18.76');
  await expect(confirm).toContainText('支付方式：现金');
  const [chargeRes] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/RenewalList/charge')),
    page.getByTestId('collection-confirm').click(),
  ]);
  const charged = (await chargeRes.json()) as { data: { orderNum: string } };
  expect(charged.data.orderNum).toMatch(/^XJ\d{14,}$/);
  await expect(page.getByText('收款成功')).toBeVisible();

  const paid = (await api<List<Bill>>(page, '/Web/Renewal/PaidOrder/list', { name: ITEM, size: 10 })).records;
  expect(paid.map((b) => b.include_tex).sort()).toEqual(['18.76', '23.45']);

  // 5. sign both receipts
  await searchBills(page, '/Web/Renewal/PaidOrder/listConfig', ITEM);
  for (const b of paid) await selectRow(page, b.id);
  await vis(page, 'toolbar-billSign').click();
  await expect(page.getByTestId('sign-dialog')).toContainText(`账单数${paid.length}`);
  await page.getByTestId('sign-invoice').fill('FP-2026-001');
  // the server's answer itself, so a refusal names its reason here rather than in a toast long gone
  const [signRes] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/PaidOrder/billSign')),
    page.getByTestId('sign-submit').click(),
  ]);
  expect(((await signRes.json()) as { msg: string }).msg).toBe('签收成功');
  await expect(page.getByText('签收成功')).toBeVisible();
  const signed = (await api<List<Bill>>(page, '/Web/Renewal/PaidOrder/list', { name: ITEM, size: 10 })).records;
  expect(signed.every((b) => Number(b.is_signed) === 1)).toBe(true);

  // 6. the totals on screen are the server's sums of the same rows
  const totals = await api<List<Bill>>(page, '/Web/Renewal/PaidOrder/list', { name: ITEM, size: 1 });
  expect(totals.havepaidtotal).toBe('42.21');
  await expect(vis(page, 'list-totals')).toContainText('42.21');
  const unpaid = await api<List<Bill>>(page, '/Web/Renewal/RenewalList/list', { name: ITEM, status: '1', size: 1 });
  expect(unpaid.unpaidtotal).toBe((23.45 * (houses.total - 2)).toFixed(2));
  await page.goto('/Web/Renewal/PayStatistics/index');
  await expect(page.getByTestId('revenue-sftj')).toBeVisible();
  await page.goto('/Web/Renewal/Financial/index');
  await expect(page.getByTestId('financial-table')).toContainText(ITEM);
});

type Service = { id: number; title: string; status: number; endtime: string; price: string };
const plusYears = (date: string, n: number) => `${Number(date.slice(0, 4)) + n}${date.slice(4)}`;

test('service renewal: renew a service for two years, pay in the sandbox, the expiry moves on', async ({
  page,
  context,
}) => {
  test.setTimeout(budget(90_000));
  await login(page, property, '/Web/Renewal/Service/index');
  const { list } = await api<{ list: Service[] }>(page, '/Web/Renewal/Service/index');
  const sms = list.find((s) => s.title === '短信通知')!;
  await expect(page.getByTestId(`service-endtime-${sms.id}`)).toContainText(sms.endtime);

  await page.getByTestId(`service-action-${sms.id}`).click();
  const dialog = page.getByTestId('renew-dialog');
  // a click during the dialog's opening animation can be lost under load: click until the choice holds
  await expect(async () => {
    await dialog.getByTestId('renew-years').getByText('2年').click();
    await expect(dialog.getByTestId('renew-money')).toContainText((Number(sms.price) * 2).toFixed(2), {
      timeout: 1_000,
    });
  }).toPass({ timeout: budget(10_000) });
  const order = page.waitForResponse((r) => r.url().includes('/Service/order'));
  await dialog.getByTestId('renew-next').click();
  const { data } = (await (await order).json()) as { data: { codeUrl: string } };
  await expect(dialog.getByTestId('renew-qr')).toBeVisible();
  await expect(dialog.getByTestId('renew-countdown')).toContainText('秒后二维码失效');

  const payer = await context.newPage();
  await payer.goto(data.codeUrl.replace(/^https?:\/\/[^/]+/, ''));
  await payer.getByTestId('sandbox-pay-success').click();
  await expect(payer.getByTestId('sandbox-result')).toContainText('支付成功');
  await payer.close();

  const renewed = plusYears(sms.endtime, 2);
  await expect(dialog.getByTestId('renew-result')).toContainText(`服务到期时间：${renewed}`, {
    timeout: budget(15_000),
  });
  await dialog.getByTestId('renew-close').click();
  await expect(page.getByTestId(`service-endtime-${sms.id}`)).toContainText(renewed);
});
