import { budget, expect, test } from './fixtures.ts';
import { api, confirmDialog, login, pick, property, staff, vis } from './helpers.ts';

type List<T> = { records: T[]; total: number };
type Order = { id: number; status: number; sla_left: number | null };
const LIST = '/Web/Repair/RepairManagement/listConfig';
const PROBLEM = 'e2e 3 幢 2 单元楼道水管爆裂';

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.locator('.ant-message-notice', { hasText: text }).first();
const rowOf = (page: import('@playwright/test').Page, id: number) =>
  vis(page, 'list-table').locator(`tr[data-row-key="${id}"]`);

test('repair journey: dispatch to the staff worker, he accepts, starts and completes, the office returns a visit and rates', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  await login(page, property);
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const village = villages.find((v) => v.label === '阳光花园')!.value;
  const cats = await api<{ label: string; value: number }[]>(page, '/Web/Repair/RepairCategory/options');
  await api(page, '/Web/Repair/RepairManagement/add', {
    row: {
      village_id: village,
      person_name: '林女士',
      tel: '13700008888',
      problem: PROBLEM,
      category_id: cats.find((c) => c.label === '水电维修')!.value,
      urgency: '2',
      source: '1',
    },
  });
  const order = (await api<List<Order>>(page, '/Web/Repair/RepairManagement/list', { problem: PROBLEM, size: 1 }))
    .records[0]!;

  // the property office dispatches from the 待派单 tab; the SLA column counts down
  await page.goto(LIST);
  await vis(page, 'list-tabs').getByRole('tab', { name: '待派单' }).click();
  await expect(rowOf(page, order.id)).toBeVisible();
  await expect(rowOf(page, order.id).getByTestId('sla-countdown')).toContainText('剩余');
  await rowOf(page, order.id).getByRole('button', { name: '派单' }).click();
  const dialog = page.getByTestId('repair-dispatch-dialog');
  await pick(page, dialog.locator('.ant-form-item').first(), '张师傅');
  await page.getByTestId('repair-dispatch-content').fill('请带管钳和生料带');
  // the first date picker of the dialog is 要求完成时间
  const wc = dialog.locator('.ant-picker input').first();
  await wc.click();
  await wc.fill('2030-01-01 18:00:00');
  await wc.press('Enter');
  await page.getByTestId('repair-dispatch-submit').click();
  await expect(toast(page, '派单成功')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await api<List<Order>>(page, '/Web/Repair/RepairManagement/list', { problem: PROBLEM, size: 1 })).records[0]!
          .status,
    )
    .toBe(1);

  // the staff worker sees 我的工单 first and works the order
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, staff, LIST);
  await expect(vis(page, 'list-tabs').getByRole('tab').first()).toHaveText('我的工单');
  await expect(rowOf(page, order.id)).toBeVisible();
  await rowOf(page, order.id).getByRole('button', { name: '接单' }).click();
  await confirmDialog(page);
  await expect(toast(page, '接单成功')).toBeVisible();
  await rowOf(page, order.id).getByRole('button', { name: '开始处理' }).click();
  await confirmDialog(page);
  await expect(toast(page, '已开始处理')).toBeVisible();
  await rowOf(page, order.id).getByRole('button', { name: '完成' }).click();
  await page.getByTestId('repair-complete-result').fill('已更换爆裂水管，试水正常');
  await page.getByTestId('repair-complete-submit').click();
  await expect(toast(page, '已完成')).toBeVisible();

  // the office returns a visit and rates; the detail shows the timeline
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, property, LIST);
  await vis(page, 'list-tabs').getByRole('tab', { name: '已完成' }).click();
  await rowOf(page, order.id).getByRole('button', { name: '回访' }).click();
  await page.getByTestId('repair-visit-rating').locator('li').nth(4).click();
  await page.getByTestId('repair-visit-comment').fill('师傅很及时');
  await page.getByTestId('repair-visit-submit').click();
  await expect(toast(page, '回访成功')).toBeVisible();
  await rowOf(page, order.id).getByRole('button', { name: '详情' }).click();
  const timeline = page.getByTestId('repair-timeline');
  for (const step of ['报修', '派单', '接单', '开始处理', '完成', '回访'])
    await expect(timeline.getByText(step, { exact: true })).toBeVisible();
  await expect(page.getByTestId('repair-detail')).toContainText('5 星');
});
