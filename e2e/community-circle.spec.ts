import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { login, property, tableRow, vis } from './helpers.ts';

const CIRCLE = '/Web/Community/Neighbour/listConfig';
const ADVERT = '/Web/Community/Advert/listConfig';
const H5 = '/web/Setting/H5Functions/index';

const firstRows = (page: Page) => vis(page, 'list-table').locator('tbody tr.ant-table-row').first();

/** the 移动端功能模块 dialog of a village, and the modules its show call answered */
const openModules = async (page: Page, village: string) => {
  const shown = page.waitForResponse((r) => r.url().includes('/web/Setting/H5Functions/show'));
  await page.locator('tr', { hasText: village }).getByRole('button', { name: '编辑H5模块' }).click();
  const reply = (await (await shown).json()) as { data: { name: string; has: boolean }[] };
  const dialog = page.locator('.ant-modal').filter({ hasText: `移动端功能模块 - ${village}` });
  await expect(dialog.getByTestId('h5-modules')).toBeVisible();
  return { dialog, modules: reply.data };
};

test('a held post is approved in the audit dialog, 个人动态 shows likes and comments, an ad slot is booked, an H5 module goes off', async ({
  page,
}) => {
  test.setTimeout(budget(90_000));
  await login(page, property);

  // 邻里圈: the post held by its sensitive word waits; 审核 publishes it
  await page.goto(CIRCLE);
  await expect(firstRows(page)).toBeVisible();
  const held = tableRow(page, '专业代开发票').filter({ visible: true });
  await expect(held).toContainText('待审核');
  await held.getByTestId('row-action-neighbourAudit').click();
  const audit = page.locator('.ant-modal').filter({ hasText: '邻里圈审核' });
  await expect(audit.getByTestId('neighbour-audit-detail')).toContainText('代开发票');
  await audit.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('审核成功')).toBeVisible();
  await expect(held).toContainText('已通过');
  await expect(held.getByTestId('row-action-neighbourAudit')).toHaveCount(0);

  // 个人动态: the post with its likes and comments
  await tableRow(page, '小区的樱花开了').filter({ visible: true }).getByTestId('row-action-personalDynamics').click();
  const dynamics = page.getByTestId('personal-dynamics');
  await expect(dynamics).toContainText('小区的樱花开了');
  await expect(page.getByTestId('personal-dynamics-loves')).toHaveText('点赞 3');
  await expect(dynamics).toContainText('真漂亮！');
  await expect(dynamics).toContainText('周六一起去');
  await page.keyboard.press('Escape');
  await expect(dynamics).toHaveCount(0);

  // 广告管理: a free slot booked for two months is let to its advertiser
  await page.goto(ADVERT);
  await expect(firstRows(page)).toBeVisible();
  const slot = tableRow(page, '北门展板').filter({ visible: true });
  await expect(slot).toContainText('空闲');
  await slot.getByTestId('row-action-advertBook').click();
  const book = page.locator('.ant-modal').filter({ hasText: '预订广告位 - 北门展板' });
  await book.getByTestId('advert-book-advertiser').fill('e2e便民药房');
  await book.getByTestId('advert-book-phone').fill('13900008888');
  await book.locator('.ant-form-item', { hasText: '计费房屋' }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await book.locator('.ant-form-item', { hasText: '租期' }).locator('input').fill('2');
  await expect(book).toContainText('合计 ¥2,400.00');
  await book.getByRole('button', { name: /预\s*订/ }).click();
  await expect(page.getByText(/预订成功，账单 ¥2400\.00 已生成/)).toBeVisible();
  await expect(slot).toContainText('占用中');
  await expect(slot).toContainText('e2e便民药房');

  // H5功能设置: 邻里圈 switched off for 翠湖名苑, and the show call says so; then on again
  await page.goto(H5);
  const first = await openModules(page, '翠湖名苑');
  expect(first.modules.find((m) => m.name === '邻里圈')?.has).toBe(true);
  await first.dialog.getByRole('checkbox', { name: /邻里圈/ }).uncheck();
  await first.dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  await expect(first.dialog).toHaveCount(0);
  const again = await openModules(page, '翠湖名苑');
  expect(again.modules.find((m) => m.name === '邻里圈')?.has).toBe(false);
  await expect(again.dialog.getByRole('checkbox', { name: /邻里圈/ })).not.toBeChecked();
  await again.dialog.getByRole('checkbox', { name: /邻里圈/ }).check();
  await again.dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(again.dialog).toHaveCount(0);
});
