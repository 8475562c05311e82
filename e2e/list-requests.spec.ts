import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, asUnbuilt, login, property } from './helpers.ts';

type Page1<T> = { records: T[]; total: number };
type HouseRow = { id: number; house_type: string | number; house_state: string | number; use_type: string | number };

/**
 * Not part of the house list's page view: the shell's event poll, and the workbench (the page we come from)
 * whose late data call can start as we leave it on a loaded machine.
 */
const NOT_THIS_VIEW = ['/xapi/Web/Repair/ReportThings/getReportNumData', '/xapi/Web/Basic/Index/index'];

/** Opens a route the way a menu click does (client-side, no reload) and returns the /xapi calls it made. */
const openCounting = async (page: Page, path: string) => {
  const events: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/xapi/') && !NOT_THIS_VIEW.includes(url.pathname))
      events.push(`request ${url.pathname}${url.search}`);
  });
  page.on('requestfinished', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/xapi/')) events.push(`done ${url.pathname}${url.search}`);
  });
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return events;
};

test('the house list costs the config, the list and its two option lists; dictionary labels come with the config', async ({
  page,
}) => {
  await login(page, property);
  await page.waitForLoadState('networkidle');
  const [dicts, first] = await Promise.all([
    api<Record<string, { label: string; value: string }[]>>(page, '/api/dict', {}),
    api<Page1<HouseRow>>(page, '/Web/Basic/House/list', { current: 1, size: 10 }),
  ]);
  expect(first.records.length).toBeGreaterThan(0);

  const events = await openCounting(page, '/Web/Basic/House/listConfig');
  const table = page.getByTestId('list-table').filter({ visible: true });
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(10, first.total));
  await page.waitForLoadState('networkidle');

  const requests = events.filter((e) => e.startsWith('request ')).map((e) => e.slice('request '.length));
  expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(4);
  expect([...requests].sort()).toEqual([
    '/xapi/Web/Basic/Building/options',
    '/xapi/Web/Basic/House/list',
    '/xapi/Web/Basic/House/listConfig',
    '/xapi/Web/Basic/Village/options',
  ]);
  // the list waits for the config: a screen not built yet makes no list call
  expect(events.indexOf('request /xapi/Web/Basic/House/list')).toBeGreaterThan(
    events.indexOf('done /xapi/Web/Basic/House/listConfig'),
  );

  // the first row's dictionary columns show labels, not stored values
  const headers = await table.locator('thead th').allInnerTexts();
  const row = table.locator('tbody tr.ant-table-row').first();
  const cellOf = (title: string) => row.locator('td').nth(headers.findIndex((h) => h.trim() === title));
  const labelOf = (type: string, value: string | number) => dicts[type]!.find((o) => o.value === String(value))!.label;
  const h = first.records[0]!;
  await expect(cellOf('房屋类型')).toHaveText(labelOf('house_type', h.house_type));
  await expect(cellOf('房屋状态')).toHaveText(labelOf('house_state', h.house_state));
  await expect(cellOf('使用性质')).toHaveText(labelOf('house_use_type', h.use_type));
});

test('a tab left on a screen not built yet calls only its config, and the log names that page', async ({ page }) => {
  // every list menu has its screen now: 楼栋管理 plays one the server has not built
  const SCREEN = '/Web/Basic/Building/listConfig';
  await login(page, property);
  await asUnbuilt(page, SCREEN);
  await page.waitForLoadState('networkidle');
  const events = await openCounting(page, SCREEN);
  await expect(page.getByText('建设中').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const requests = events.filter((e) => e.startsWith('request ')).map((e) => e.slice('request '.length));
  expect(requests).toEqual([`/xapi${SCREEN}`]);

  // the config's 404 is logged against the page that asked, with the path it called
  await page.evaluate(() => {
    history.pushState(null, '', '/log');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const row = page.getByTestId('log-page').locator('tbody tr', { hasText: `${SCREEN}: code 404` });
  await expect(row.first()).toContainText(SCREEN);
  await expect(row.first().locator('td').nth(3)).toHaveText(SCREEN);
});

test('the next page is asked for once, from where the page shown ended', async ({ page }) => {
  await login(page, property, '/Web/Basic/House/listConfig');
  const table = page.getByTestId('list-table').filter({ visible: true });
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sent: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/xapi/Web/Basic/House/list')
      sent.push(r.postDataJSON() as Record<string, unknown>);
  });
  const pager = page.locator('.ant-pagination').filter({ visible: true });
  await pager.locator('.ant-pagination-item-2').click();
  await expect(pager.locator('.ant-pagination-item-2')).toHaveClass(/active/);
  await page.waitForLoadState('networkidle');
  // one request, from where page 1 ended (keyset): the cursor page 2's reply brings is the third page's, and
  // must not change page 2's own request (which asked for it again by offset)
  expect(sent).toEqual([expect.objectContaining({ current: 2, after: expect.any(String) })]);
});
