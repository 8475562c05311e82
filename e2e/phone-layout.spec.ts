import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { login, property, vis } from './helpers.ts';

// a phone's screen, as ant-design-pro's mobile layout is shown on
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** SHOTS=<suffix> saves the screens as docs/screenshots/phone-<screen>-<suffix>.png (before/after pictures). */
const shot = async (page: Page, name: string) => {
  const suffix = process.env.SHOTS;
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
    await shot(page, 'list');
  });
});
