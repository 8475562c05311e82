import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, tableRow, vis } from './helpers.ts';
import { residentOnPhone, sunshine } from './resident.ts';

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
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(120_000));
  // a resident posts with a sensitive word (代开发票) from his phone: the post is held
  const { guest } = await residentOnPhone({ page, browser, baseURL });
  const words = `专业代开发票 e2e${Date.now() % 100000}`;
  await guest.getByTestId('resident-module-neighbour').click();
  await guest.getByTestId('post-new').click();
  await guest.getByTestId('post-content').fill(words);
  await guest.getByTestId('post-submit').click();
  await expect(guest.getByText('已提交，待审核（含敏感词）')).toBeVisible();
  await guest.context().close();

  // 邻里圈: the held post waits; 审核 publishes it
  await page.goto(CIRCLE);
  await expect(firstRows(page)).toBeVisible();
  const held = tableRow(page, words).filter({ visible: true });
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

  // 广告管理: a free slot of 阳光花园 (made here, so a retry finds one) booked for two months is let to its advertiser
  const slotName = `e2e展板${Date.now() % 100000}`;
  await api(page, '/Web/Community/Advert/add', {
    row: { village_id: await sunshine(page), name: slotName, place: '北门岗亭旁', size: '3m×2m', price: '1200' },
  });
  await page.goto(ADVERT);
  await expect(firstRows(page)).toBeVisible();
  const slot = tableRow(page, slotName).filter({ visible: true });
  await expect(slot).toContainText('空闲');
  await slot.getByTestId('row-action-advertBook').click();
  const book = page.locator('.ant-modal').filter({ hasText: `预订广告位 - ${slotName}` });
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

  // H5功能设置: 邻里圈 switched off for 翠湖名苑 (on, if an attempt that stopped halfway left it off), and the show call
  // says so; then back
  await page.goto(H5);
  const first = await openModules(page, '翠湖名苑');
  const wasOn = first.modules.find((m) => m.name === '邻里圈')?.has;
  expect(typeof wasOn).toBe('boolean');
  await first.dialog.getByRole('checkbox', { name: /邻里圈/ }).setChecked(!wasOn);
  await first.dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  await expect(first.dialog).toHaveCount(0);
  const again = await openModules(page, '翠湖名苑');
  expect(again.modules.find((m) => m.name === '邻里圈')?.has).toBe(!wasOn);
  const box = again.dialog.getByRole('checkbox', { name: /邻里圈/ });
  await expect(box).toBeChecked({ checked: !wasOn });
  await box.setChecked(!!wasOn);
  await again.dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(again.dialog).toHaveCount(0);
});
