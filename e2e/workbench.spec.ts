import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, staff, tableRow } from './helpers.ts';

type CountItem = { key: string; num: number | string };
type Bench = {
  indexModule: string[];
  panels: { count_panel?: CountItem[]; report_repair?: { report_repair_bs: { value: number }[] } };
};

/** A chart is drawn: its box holds an ECharts canvas with a real size. */
const drawn = async (page: Page, testId: string) => {
  const canvas = page.getByTestId(testId).locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: budget(15_000) });
  const box = await canvas.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(box!.height).toBeGreaterThan(100);
};

test.describe('workbench panels', () => {
  test('the repair and patrol staff lands on his panels with real numbers and drawn charts', async ({ page }) => {
    await login(page, staff);
    await expect(page).toHaveURL(/\/Web\/Basic\/Index\/index$/);
    const data = await api<Bench>(page, '/Web/Basic/Index/index');
    expect(data.indexModule).toEqual(['count_panel', 'report_repair', 'notice', 'event_dynamics', 'early_list']);
    for (const m of data.indexModule)
      await expect(page.getByTestId(`workbench-module-${m}`)).toBeVisible({ timeout: budget(15_000) });
    // the counts on screen are the server's counts of his orders, not placeholders
    const working = data.panels.count_panel!.find((c) => c.key === 'working')!;
    expect(Number(working.num)).toBeGreaterThan(0);
    await expect(page.getByTestId('count-working')).toContainText(String(working.num));
    await expect(page.getByTestId('count-waiting')).toContainText(
      String(data.panels.count_panel!.find((c) => c.key === 'waiting')!.num),
    );
    await drawn(page, 'report_repair_bx');
    await drawn(page, 'report_repair_bs');
    // an event opens its page (or the event-report list)
    await expect(page.getByTestId('event-item').first()).toBeVisible();
    await page.getByTestId('event-item').first().click();
    await expect(page).toHaveURL(/\/Web\/Repair\/(ReportThings|RepairManagement)\/listConfig/);
  });

  test("the property admin changes the staff role's panels; the staff user sees those his rights reach", async ({
    page,
    browser,
  }) => {
    await login(page, property);
    const roles = await api<{ records: { id: number; name: string }[] }>(page, '/System/Role/list', {
      name: '维修巡更员',
    });
    const roleId = roles.records[0]!.id;
    const original = await api<{ index_module: string[] }>(page, '/System/Role/indexModule', { id: roleId });
    try {
      await page.goto('/System/Role/index');
      await tableRow(page, '维修巡更员').getByTestId('row-action-indexModule').click();
      const dialog = page.getByTestId('index-module-dialog');
      await expect(dialog.getByLabel('报事报修')).toBeChecked({ timeout: budget(10_000) });
      await dialog.getByLabel('报事报修').uncheck();
      await dialog.getByLabel('营收统计').check();
      await dialog.getByLabel('异常列表').check();
      await page.getByTestId('index-module-submit').click();
      await expect(page.getByText('设置成功')).toBeVisible();

      // he sees the panels chosen for his role, but not revenue: no fee page is his
      const staffPage = await (await browser.newContext()).newPage();
      await login(staffPage, staff);
      await expect(staffPage.getByTestId('workbench-module-early_list')).toBeVisible({ timeout: budget(15_000) });
      await expect(staffPage.getByTestId('workbench-module-report_repair')).toHaveCount(0);
      await expect(staffPage.getByTestId('workbench-module-revenue_amount')).toHaveCount(0);
    } finally {
      await api(page, '/System/Role/saveIndexModule', { id: roleId, index_module: original.index_module });
    }
  });

  test('报修统计 shows the task counts and the repair, event, overdue and paid-service charts', async ({ page }) => {
    await login(page, property, '/Web/DataAnalysis/Repair/index');
    await expect(page.getByTestId('repair-stats')).toBeVisible();
    const stats = await api<{ taskNumList: { key: string; num: number }[] }>(
      page,
      '/Web/DataAnalysis/Repair/index',
      {},
    );
    const all = stats.taskNumList.find((t) => t.key === 'all')!.num;
    expect(all).toBeGreaterThan(0);
    await expect(page.getByTestId('task-all')).toContainText(String(all));
    await drawn(page, 'bxinfo-trend');
    await drawn(page, 'bxinfo-village');
    await drawn(page, 'bxinfo-category');
    await drawn(page, 'bx');
  });
});
