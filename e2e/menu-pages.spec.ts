import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { admin, login, operator, property, staff, type Who } from './helpers.ts';

/**
 * Every demo login (README) opens the pages of its menus from the side menu. The other companies' super
 * administrators (the read-only one among them) have property's menus, the same pages on other data: each of them
 * opens the first page of every top menu group; every other login opens every page.
 */
// the walks only read: the logins spread over both workers, each against its own server
test.describe.configure({ mode: 'parallel' });

const readOnly: Who = { path: '/login', user: 'propertyd', password: 'Property_2026' };
const logins: { who: Who; every: boolean }[] = [
  { who: property, every: true },
  { who: readOnly, every: false },
  { who: staff, every: true },
  { who: { path: '/login', user: 'useradmin', password: 'Useradmin_2026' }, every: true },
  { who: { path: '/login', user: 'jadeonly', password: 'Jadeonly_2026' }, every: true },
  { who: admin, every: true },
  { who: operator, every: true },
  { who: { path: '/login', user: 'propertyb', password: 'Property_2026' }, every: false },
  { who: { path: '/login', user: 'propertyc', password: 'Property_2026' }, every: false },
];

const testIds = (page: Page, prefix: string) =>
  page
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid ?? ''));

/** Opens the side menu's closed groups until none is left (groups may hold groups). */
const openAllGroups = async (page: Page) => {
  const side = page.getByTestId('side-menu');
  if (!(await side.isVisible())) return;
  for (let round = 0; round < 5; round++) {
    const closed = side.locator('li.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    const n = await closed.count();
    if (n === 0) return;
    for (let i = 0; i < n; i++) await closed.first().click();
  }
};

/** Each page opened from the side menu shows something, and nothing on the way throws. */
const openPages = async (page: Page, who: Who, every: boolean) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${new URL(page.url()).pathname}: ${e.message}`));
  await login(page, who);
  const tops = await testIds(page, 'top-menu-');
  const opened: string[] = [];
  for (const top of tops.length ? tops : ['']) {
    const showGroup = async () => {
      if (top) await page.getByTestId(top).click();
      await openAllGroups(page);
    };
    await showGroup();
    const items = await testIds(page, 'side-menu-/');
    for (const item of every ? items : items.slice(0, 1)) {
      const path = item.slice('side-menu-'.length);
      // a full-screen page (outside the shell) was left by going back
      if (!(await page.getByTestId(item).isVisible())) await showGroup();
      await page.getByTestId(item).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      const inShell = await page.getByTestId('shell').isVisible();
      const shown = inShell ? page.locator(`[data-testid^="page-${path}"]:visible`).first() : page.locator('#root');
      await expect(shown, path).toBeVisible();
      // a page that rendered nothing (or was torn down by an error) has no text at all
      await expect(async () => expect((await shown.innerText()).trim(), path).not.toBe('')).toPass({
        timeout: budget(10_000),
      });
      expect(errors, path).toEqual([]);
      opened.push(path);
      if (!inShell) {
        await page.goBack();
        await expect(page.getByTestId('shell')).toBeVisible();
      }
    }
  }
  await expect(page.getByTestId('shell')).toBeVisible();
  expect(errors).toEqual([]);
  return opened;
};

// wide enough for every top menu to sit in the header bar (narrower, antd folds the last ones into a "…" popup)
test.use({ viewport: { width: 1920, height: 1080 } });

for (const { who, every } of logins)
  test(`${who.user}: ${every ? 'every page' : 'the first page of each group'} of the menu opens from the side menu without an error`, async ({
    page,
  }) => {
    // a page load per menu item: a super administrator's menus hold over fifty
    test.setTimeout(budget(every ? 180_000 : 60_000));
    const opened = await openPages(page, who, every);
    expect(opened.length).toBeGreaterThan(0);
  });
