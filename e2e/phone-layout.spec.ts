import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, vis } from './helpers.ts';

// a phone's screen, as ant-design-pro's mobile layout is shown on
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * SHOT_TAG=before|after saves the screens as docs/screenshots/phone-<screen>-<tag>.png, as e2e/lists.spec.ts does;
 * a plain test run writes none.
 */
const shot = async (page: Page, name: string) => {
  const suffix = process.env.SHOT_TAG;
  if (!suffix) return;
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: budget(10_000) });
  await page.screenshot({ path: `docs/screenshots/phone-${name}-${suffix}.png` });
};

/** Nothing sticks out sideways: the page itself never scrolls horizontally. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('phone-sized screens', () => {
  test('the workbench fits a phone: menus in a drawer, the user menu on screen', async ({ page }) => {
    test.setTimeout(budget(40_000));
    await login(page, property);
    await expect(page.getByTestId('workbench')).toBeVisible();
    await expect(page.getByTestId('shell')).toHaveAttribute('data-phone', 'true');
    // no side bar and no top menu taking the screen: a button opens them in a drawer
    await expect(page.getByTestId('side-bar')).toHaveCount(0);
    await expect(page.getByTestId('top-menu')).toHaveCount(0);
    const user = page.getByTestId('user-menu');
    // wholly on screen, give or take a sub-pixel edge
    await expect(user).toBeInViewport({ ratio: 0.95 });
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'workbench');

    // the user menu opens on screen
    await user.click();
    await expect(page.getByTestId('user-menu-logout')).toBeInViewport();
    await page.keyboard.press('Escape');

    // the drawer holds every menu; choosing a page goes there and closes it
    await page.getByTestId('menu-drawer-toggle').click();
    const drawer = page.locator('.shell-menu-drawer');
    await expect(drawer.getByTestId('side-menu')).toBeVisible();
    await drawer.getByText('基础数据', { exact: true }).click();
    await drawer.getByTestId('side-menu-/Web/Basic/House/listConfig').click();
    await expect(page).toHaveURL(/\/Web\/Basic\/House\/listConfig$/);
    await expect(drawer.getByTestId('side-menu')).toBeHidden();
  });

  test('a list keeps its title column and 操作 and scrolls the rest', async ({ page }) => {
    test.setTimeout(budget(40_000));
    await login(page, property, '/Web/Basic/House/listConfig');
    const table = vis(page, 'list-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // the row's title column sticks to the left, 操作 to the right, the table scrolls between them
    const heads = table.locator('thead th');
    await expect(heads.filter({ hasText: '所属小区' })).toHaveClass(/ant-table-cell-fix/);
    await expect(heads.filter({ hasText: '操作' })).toHaveClass(/ant-table-cell-fix/);
    await expect(heads.filter({ hasText: '操作' })).toBeInViewport();
    const scroller = table.locator('.ant-table-content, .ant-table-body').first();
    expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    // the search form shows its first field: the rows come next, not a screen of filters
    await expect(vis(page, 'search-form').locator('label')).toHaveText(['所属小区']);
    await shot(page, 'list');
  });

  test('a list search form folds to its first field; 展开 shows every filter and a search still works', async ({
    page,
  }) => {
    test.setTimeout(budget(40_000));
    await login(page, property, '/Web/Basic/House/listConfig');
    const form = vis(page, 'search-form');
    const labels = form.locator('label');
    const table = vis(page, 'list-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();

    // folded: one field, then 查询 / 重置 / 展开; the rows start in the top half of the screen
    await expect(labels).toHaveText(['所属小区']);
    await expect(form.getByTestId('search-submit')).toBeInViewport();
    const toggle = form.getByTestId('search-toggle');
    await expect(toggle).toHaveText(/展\s*开/);
    expect((await table.locator('tbody tr.ant-table-row').first().boundingBox())!.y).toBeLessThan(844 / 2);

    // 展开 shows every filter, 楼栋 once
    await toggle.click();
    await expect(toggle).toHaveText(/收\s*起/);
    const all = ['所属小区', '楼栋', '单元', '楼层', '房号', '房屋类型', '房屋状态', '使用性质', '创建时间'];
    await expect(labels).toHaveText(all);
    await expect(labels.filter({ hasText: /^楼栋$/ })).toHaveCount(1);

    // a search by a field the folded form hides narrows the list to what the server finds for it
    const { records } = await api<{ records: { name: string }[] }>(page, '/Web/Basic/House/list', {
      current: 1,
      size: 1,
    });
    const room = records[0]!.name;
    const { total } = await api<{ total: number }>(page, '/Web/Basic/House/list', { current: 1, size: 10, name: room });
    await form.locator('input#name').fill(room);
    await form.getByTestId('search-submit').click();
    await expect(vis(page, 'pagination')).toContainText(`共 ${total} 条`);
    const roomCells = table.locator('tbody tr.ant-table-row').locator(`td:has-text("${room}")`);
    await expect(roomCells.first()).toBeVisible();

    // folded again, the form says a hidden filter is set, and it still applies
    await toggle.click();
    await expect(labels).toHaveText(['所属小区']);
    await expect(form.getByTestId('search-hidden-set')).toHaveText('1');
    await form.getByTestId('search-submit').click();
    await expect(vis(page, 'pagination')).toContainText(`共 ${total} 条`);
    // 重置 clears it
    await form.getByTestId('search-reset').click();
    await expect(form.getByTestId('search-hidden-set')).toHaveCount(0);
    await expect(vis(page, 'pagination')).not.toContainText(`共 ${total} 条`);
  });
});
