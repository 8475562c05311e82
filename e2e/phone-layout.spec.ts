import { budget, expect, test } from './fixtures.ts';
import { login, property } from './helpers.ts';

// a phone's screen, as ant-design-pro's mobile layout is shown on
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** SHOTS=<suffix> saves the screens as docs/screenshots/phone-<screen>-<suffix>.png (before/after pictures). */
const shot = async (page: import('@playwright/test').Page, name: string) => {
  const suffix = process.env.SHOTS;
  if (suffix) await page.screenshot({ path: `docs/screenshots/phone-${name}-${suffix}.png` });
};

test.describe('phone-sized screens', () => {
  test('the workbench fits a phone: menus in a drawer, the user menu on screen', async ({ page }) => {
    test.setTimeout(budget(40_000));
    await login(page, property);
    await expect(page.getByTestId('workbench')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, 'workbench');
  });

  test('a list keeps its title column and 操作 and scrolls the rest', async ({ page }) => {
    test.setTimeout(budget(40_000));
    await login(page, property, '/Web/Basic/House/listConfig');
    await expect(page.getByTestId('list-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, 'list');
  });
});
