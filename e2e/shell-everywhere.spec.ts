import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { admin, api, login, operator, property, vis, type Who } from './helpers.ts';

/** Logs in with the English fallback locale (the lang cookie other than zh-chs). */
const loginEnglish = async (page: Page, who: Who, target?: string) => {
  // the cookie is set for the server's origin before the page reads it
  await page.goto(who.path);
  await page.context().addCookies([{ name: 'lang', value: 'en', url: new URL(page.url()).origin }]);
  await page.goto(target ? `${who.path}?redirect=${encodeURIComponent(target)}` : who.path);
  await page.getByTestId('login-username').fill(who.user);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('login successful')).toBeVisible();
  await expect(page.getByTestId('shell')).toBeVisible();
};

/** Whether the element lies wholly inside the container's box (horizontally). */
const insideX = async (el: ReturnType<Page['getByTestId']>, box: ReturnType<Page['getByTestId']>) => {
  const a = await el.boundingBox();
  const b = await box.boundingBox();
  return !!a && !!b && a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
};

const MONEY = /^-?¥\d{1,3}(,\d{3})*\.\d{2}$/;

test.describe('the shell everywhere', () => {
  test('the tab bar keeps the active tab in view, scrolls with arrows, lists all tabs and refreshes a tab', async ({
    page,
  }) => {
    test.setTimeout(budget(60_000));
    await login(page, property);
    const paths: string[] = [];
    await page.getByTestId('top-menu').getByText('基础数据').click();
    const items = page.getByTestId('side-menu').locator('[data-testid^="side-menu-/"]').filter({ visible: true });
    await expect(items.first()).toBeVisible();
    const found = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(10)));
    for (const p of found.slice(0, 5)) {
      await page.getByTestId(`side-menu-${p}`).click();
      await expect(page).toHaveURL(new RegExp(`${p}$`));
      paths.push(p);
    }
    // more pages by address: the open tabs are kept across a reload
    for (const p of ['/System/Post/index', '/Web/Patrol/Route/listConfig', '/Web/Renewal/Unpaid/listConfig']) {
      await page.goto(p);
      await expect(page.getByTestId(`tab-${p}`)).toBeVisible();
      paths.push(p);
    }
    // wide enough for the side menu, too narrow for nine tabs
    await page.setViewportSize({ width: 820, height: 700 });
    const bar = page.getByTestId('tab-bar');
    const last = paths[paths.length - 1]!;
    // the strip overflows: arrows and the all-tabs menu show, and the tab just opened is in view
    await expect(page.getByTestId('tabs-all')).toBeVisible();
    await expect(page.getByTestId('tabs-scroll-left')).toBeEnabled();
    await expect.poll(() => insideX(page.getByTestId(`tab-${last}`), bar)).toBe(true);
    // the arrows scroll: left until the workbench tab shows
    const index = page.getByTestId('tab-/Web/Basic/Index/index');
    await expect(async () => {
      await page.getByTestId('tabs-scroll-left').click();
      expect(await insideX(index, bar)).toBe(true);
    }).toPass({ timeout: budget(10_000) });
    await expect(page.getByTestId('tabs-scroll-right')).toBeEnabled();
    // the all-tabs menu goes to a tab out of view and brings it into view
    await page.getByTestId('tabs-all').click();
    await page.getByTestId(`tabs-all-${last}`).click();
    await expect(page).toHaveURL(new RegExp(`${last}$`));
    await expect.poll(() => insideX(page.getByTestId(`tab-${last}`), bar)).toBe(true);

    // 刷新 in the context menu loads the page afresh (its list is asked for again)
    const listUrl = last.replace('listConfig', 'list');
    let asked = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes(listUrl)) asked++;
    });
    // a click while the menu is still opening can be lost under load: open and press again until it took
    await expect(async () => {
      if (asked === 0) {
        await page.getByTestId(`tab-${last}`).click({ button: 'right' });
        await page.getByTestId('tab-menu-refresh').filter({ visible: true }).click({ timeout: 2000 });
      }
      expect(asked).toBeGreaterThan(0);
    }).toPass({ timeout: budget(15_000) });
    await expect(vis(page, 'list-table')).toBeVisible();
  });

  test('menu search matches pinyin initials and full pinyin', async ({ page }) => {
    await login(page, property);
    await page.getByTestId('header-search').click();
    const input = page.getByTestId('menu-search-input');
    await input.fill('qf');
    const hit = page.getByTestId('menu-search-item').filter({ hasText: '欠费催缴' });
    await expect(hit).toBeVisible();
    await input.fill('qianfeicuijiao');
    await expect(page.getByTestId('menu-search-item')).toHaveCount(1);
    await expect(hit).toBeVisible();
    await input.press('Enter');
    await expect(page).toHaveURL(/\/Web\/Renewal\/Unpaid\/listConfig$/);
  });

  test('the collapsed side menu shows each item its own icon', async ({ page }) => {
    await login(page, property);
    await page.getByTestId('top-menu').getByText('基础数据').click();
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('data-collapsed', 'true');
    const icons = page.getByTestId('side-menu').locator('.ant-menu-item .anticon[aria-label]');
    await expect(icons.first()).toBeVisible();
    const names = await icons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(names.length);
    await page.getByTestId('sidebar-toggle').click();
  });

  test('English: the shell, the engine and antd speak it, with the English messages', async ({ page }) => {
    test.setTimeout(budget(45_000));
    await loginEnglish(page, property);
    await expect(page.getByTestId('header-search')).toHaveAttribute('aria-label', 'Search menu');
    // its own row, found by its name whatever other tests added (a retry names its row apart)
    const name = `EN岗位${test.info().retry}${Date.now().toString(36)}`;
    await api(page, '/System/Post/add', { row: { name, code: name } });
    await page.goto('/System/Post/index');
    await expect(vis(page, 'search-submit')).toHaveText(/Search/);
    await expect(vis(page, 'search-reset')).toHaveText(/Reset/);
    // antd's own texts in English (the pager)
    await expect(page.locator('.ant-pagination').filter({ visible: true }).first()).toContainText(/page|Total/i);
    await vis(page, 'search-form').getByLabel('岗位名称').fill(name);
    await vis(page, 'search-submit').click();
    const row = vis(page, 'list-table').locator('tbody tr.ant-table-row', { hasText: name });
    await row.getByTestId('row-action-delete').click();
    await expect(page.getByText('are you sure to delete this data?')).toBeVisible();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('hint');
    await page.locator('.ant-modal-confirm-btns .ant-btn').filter({ hasText: 'Cancel' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page.getByText('Log out of the system?')).toBeVisible();
    await expect(async () => {
      const cancel = page.getByTestId('logout-confirm-cancel');
      if (await cancel.isVisible()) await cancel.click({ timeout: 2000 });
      await expect(page.getByText('cancel logout')).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: budget(15_000) });
  });

  test('Chinese by default: 登录成功, the engine in Chinese', async ({ page }) => {
    await login(page, property, '/System/Post/index');
    await expect(vis(page, 'search-submit')).toHaveText(/查\s*询/);
    await expect(page.getByTestId('header-search')).toHaveAttribute('aria-label', '搜索菜单');
  });

  test('times are picked in 24 hours by antd pickers, also in English', async ({ page }) => {
    await loginEnglish(page, property, '/Web/Patrol/Route/listConfig');
    await vis(page, 'toolbar-add').click();
    const form = page.getByTestId('form-dialog');
    const picker = form.getByTestId('patrol-time-picker');
    await expect(picker).toBeVisible();
    await expect(page.locator('input[type="time"], input[type="datetime-local"]')).toHaveCount(0);
    await picker.getByTestId('patrol-span-0-start').locator('input').click();
    const hours = page.locator('.ant-picker-dropdown:visible .ant-picker-time-panel-column').first();
    await expect(hours.locator('.ant-picker-time-panel-cell')).toHaveCount(24);
    await expect(page.locator('.ant-picker-dropdown:visible')).not.toContainText(/AM|PM/);
  });

  test('剩余天数 below zero reads 已过期 N 天', async ({ page }) => {
    await login(page, operator, '/Sys/CarrierOperator/ExpireTenant/listConfig');
    const row = vis(page, 'list-table').locator('tbody tr.ant-table-row', { hasText: '康居物业' });
    await expect(row.getByTestId('days-left')).toHaveText('已过期 10 天');
  });

  test('money reads ¥1,234.56 in tables and on the parking overview, whose charts all have titled cards', async ({
    page,
  }) => {
    test.setTimeout(budget(45_000));
    await login(page, property, '/Web/Renewal/Unpaid/listConfig');
    const table = vis(page, 'list-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const cells = await table
      .locator('tbody td')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()).filter((t) => /^-?¥/.test(t)));
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) expect(c).toMatch(MONEY);
    await page.goto('/Web/Parking/Stats/index');
    const revenue = vis(page, 'parking-revenue');
    await expect(revenue.locator('tbody tr').first()).toBeVisible();
    const amounts = await revenue
      .locator('tbody td.ant-table-cell')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()).filter((t) => /^-?¥/.test(t)));
    for (const c of amounts) expect(c).toMatch(MONEY);
    // every chart on 停车概览 sits in a titled card: no untitled panel, empty or not
    await expect(page.getByTestId('hourly-chart').or(page.getByTestId('hourly-chart-empty'))).toBeVisible();
    await expect(
      page.locator('.ant-card:not(:has(.ant-card-head)):has([data-testid$="-chart"], [data-testid$="-chart-empty"])'),
    ).toHaveCount(0);
    // the charts may still be drawing on a loaded machine: wait for the first titled one
    await expect(page.locator('.ant-card:has(.ant-card-head):has([data-testid$="-chart"])').first()).toBeVisible();
  });
});

test('the platform admin stays in Chinese without a lang cookie', async ({ page }) => {
  await login(page, admin);
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('zh-chs');
});
