import { budget, expect, test } from './fixtures.ts';
import type { ApictureData, ApictureSearchHit } from '@5a/contracts';
import { api, login, operator, vis } from './helpers.ts';

test.describe('一张图', () => {
  test('an operator opens 一张图 from the menu: its villages, the counts, a search and a village’s figures', async ({
    page,
  }) => {
    await login(page, operator);
    await page.keyboard.press('Control+k');
    await page.getByTestId('menu-search-input').fill('一张图');
    await page.getByTestId('menu-search-item').first().click();
    await expect(page).toHaveURL(/\/apicture$/);
    await expect(vis(page, 'apicture')).toBeVisible({ timeout: budget(15_000) });
    await expect(page.getByText('建设中')).toHaveCount(0);
    await expect(vis(page, 'apicture-map').locator('canvas').first()).toBeVisible();

    const data = await api<ApictureData>(page, '/Web/DataAnalysis/PropertyData/apicture');
    // the demo companies A and B's villages are the operator's
    const names = data.villageList.map((v) => v.name);
    for (const n of ['阳光花园', '翠湖名苑', '安居小区', '锦绣家园']) expect(names).toContain(n);
    for (const [key, num] of Object.entries(data.counts))
      await expect(vis(page, `apicture-count-${key}`)).toContainText(String(num));

    // the dropdown lists them all and centres the chosen one
    await vis(page, 'apicture-village').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.filter({ hasText: '阳光花园' })).toHaveCount(1);
    await expect(options.filter({ hasText: '锦绣家园' })).toHaveCount(1);
    await options.filter({ hasText: '安居小区' }).click();
    await expect(vis(page, 'apicture-village')).toContainText('安居小区');

    // search a village by name and open its figures
    const hits = await api<ApictureSearchHit[]>(page, '/Web/DataAnalysis/PropertyData/searchVillageList', {
      name: '翠湖',
      type: 'village',
    });
    expect(hits.map((h) => h.name)).toEqual(['翠湖名苑']);
    await vis(page, 'apicture-search-input').locator('input').fill('翠湖');
    await vis(page, 'apicture-search-input').locator('input').press('Enter');
    const hit = vis(page, 'apicture-hit');
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText('翠湖名苑');
    await hit.click();
    const detail = vis(page, 'apicture-detail');
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('翠湖名苑');
    await expect(detail).toContainText('阳光物业服务有限公司');
    await expect(detail).toContainText('入住率');

    // devices are not part of the product yet: the tab says so instead of showing samples
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '设备' }).click();
    await expect(vis(page, 'apicture-search')).toContainText('暂无数据');
  });
});
