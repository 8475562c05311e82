import { expect, test } from './fixtures.ts';
import { login, property, vis } from './helpers.ts';

const SHOTS = 'docs/screenshots';
/** SHOT_TAG=before|after writes the list's screenshots for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

for (const width of [1366, 1440]) {
  test(`欠费催缴 at ${width} px: money columns stay clear of the fixed 操作 column`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await login(page, property, '/Web/Renewal/Unpaid/listConfig');
    const table = vis(page, 'list-table');
    await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
    if (SHOT) await page.screenshot({ path: `${SHOTS}/list-${width}-${SHOT}.png` });
    // as the list opens, the amounts show whole, left of 操作
    const opsLeft = (await table.locator('thead th', { hasText: '操作' }).first().boundingBox())!.x;
    for (const label of ['应收金额', '滞纳金', '实收金额']) {
      const th = (await table.locator('thead th', { hasText: label }).first().boundingBox())!;
      expect(th.x + th.width, `${label} at rest`).toBeLessThanOrEqual(opsLeft + 1);
    }
    for (const label of ['应收金额', '滞纳金', '实收金额']) {
      // scroll the body just far enough that the amount's column shows; then it is what shows at its
      // cells' middle, not the fixed 操作 column over it
      const hit = await table.evaluate((root, text) => {
        const ths = [...root.querySelectorAll('thead th')];
        const col = ths.findIndex((th) => th.textContent?.includes(text));
        const body = root.querySelector<HTMLElement>('.ant-table-body, .ant-table-content')!;
        const cell = body.querySelector<HTMLElement>(`tbody tr[data-row-key] > td:nth-child(${col + 1})`)!;
        const view = body.getBoundingClientRect();
        const actions = root.querySelector('tbody tr[data-row-key] > td:last-child')!.getBoundingClientRect();
        // bring its right edge just left of 操作
        body.scrollLeft += cell.getBoundingClientRect().right - actions.left + 2;
        const box = cell.getBoundingClientRect();
        const x = box.left + box.width / 2;
        return {
          inside: box.right <= actions.left + 1 && box.left >= view.left,
          same: document.elementFromPoint(x, box.top + box.height / 2)?.closest('td') === cell,
        };
      }, label);
      expect(hit, label).toEqual({ inside: true, same: true });
    }
    if (SHOT) await page.screenshot({ path: `${SHOTS}/list-${width}-${SHOT}-scrolled.png` });
    // the header sticks to the top of the page's scrolling area once the first rows have gone up out of view
    await page.setViewportSize({ width, height: 500 });
    const main = page.locator('.shell-main').filter({ visible: true });
    await main.evaluate((m) => m.scrollTo(0, m.scrollHeight));
    const area = (await main.boundingBox())!;
    const firstRow = (await table.locator('tbody tr[data-row-key]').first().boundingBox())!;
    const head = (await table.locator('thead th', { hasText: '应收金额' }).first().boundingBox())!;
    expect(firstRow.y).toBeLessThan(area.y);
    expect(head.y).toBeGreaterThanOrEqual(area.y - 1);
    expect(head.y).toBeLessThan(area.y + 60);
    // the first column stays in place while the table scrolls
    await expect(table.locator('thead th', { hasText: '所属小区' }).first()).toBeInViewport();
  });
}

test('应收账单: sorting by 应收金额 holds across a deep page, ties broken the same way', async ({ page }) => {
  await login(page, property, '/Web/Renewal/RenewalList/listConfig');
  const table = vis(page, 'list-table');
  await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
  const header = table.locator('thead th', { hasText: '应收金额' }).first();
  // antd sorts ascending on the first click, descending on the second
  for (const order of ['ascend', 'descend']) {
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/RenewalList/list') && (r.request().postData() ?? '').includes(order),
    );
    await header.click();
    await sorted;
  }
  const column = async () => {
    const idx = await table
      .locator('thead th')
      .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.includes('应收金额')));
    return (await table.locator(`tbody tr[data-row-key] > td:nth-child(${idx + 1})`).allInnerTexts()).map((t) =>
      Number(t.replace(/[^\d.-]/g, '')),
    );
  };
  const pageOne = await column();
  expect(pageOne.length).toBeGreaterThan(1);
  expect([...pageOne].sort((a, b) => b - a)).toEqual(pageOne);
  // a deep page: the last one, reached through the pager
  const pager = page.locator('.ant-pagination').filter({ visible: true });
  const last = pager.locator('.ant-pagination-item').last();
  const deep = Number(await last.innerText());
  expect(deep).toBeGreaterThan(2);
  let sent: Record<string, unknown> = {};
  const go = async (button: import('@playwright/test').Locator, to: number) => {
    const done = page.waitForResponse((r) => r.url().includes('/RenewalList/list'));
    await button.click();
    sent = (await done).request().postDataJSON() as Record<string, unknown>;
    await expect(pager.locator(`.ant-pagination-item-${to}`)).toHaveClass(/active/);
    return column();
  };
  const lastPage = await go(last, deep);
  await expect(table.locator('th.ant-table-column-sort', { hasText: '应收金额' })).toHaveCount(1);
  const prev = await go(pager.locator('.ant-pagination-prev'), deep - 1);
  // the page after it starts where it ended (keyset), with the same rows as by offset
  expect(await go(pager.locator('.ant-pagination-next'), deep)).toEqual(lastPage);
  expect(sent).toMatchObject({ current: deep, sortField: 'amount', sortOrder: 'descend', after: expect.any(String) });
  expect([...prev].sort((a, b) => b - a)).toEqual(prev);
  expect([...lastPage].sort((a, b) => b - a)).toEqual(lastPage);
  expect(prev[prev.length - 1]!).toBeGreaterThanOrEqual(lastPage[0]!);
});
