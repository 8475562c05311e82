import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, fillTime, login, pick, property, tableRow, vis } from './helpers.ts';

const LIST = '/Web/Patrol/Route/listConfig';
type Route = { id: number; name: string; point_ids: number[]; patrol_time: string; staff: string | null };

const names = async (page: Page) =>
  (await page.getByTestId('point-chain-input').locator('[data-testid^="chain-item-"]').allInnerTexts()).map((t) =>
    t.replace(/^\s*\d+\s*/, '').trim(),
  );

test('a route built by dragging points, timed weekly with two windows by the picker, then dispatched to 张师傅', async ({
  page,
}) => {
  await login(page, property);
  const villages = await api<{ value: number; label: string }[]>(page, '/Web/Basic/Village/options');
  const sun = villages.find((v) => v.label === '阳光花园')!;
  const stamp = Date.now().toString(36).toUpperCase();
  const point = (name: string) =>
    api<{ id: number }>(page, '/Web/Internet/IntellPoint/add', {
      row: { village_id: sun.value, name, point_no: `RT-${stamp}-${name}`, point_type: '1', state: 1 },
    });
  const [a, b, c] = [`东门${stamp}`, `车库${stamp}`, `北门${stamp}`];
  for (const n of [a, b, c]) await point(n);
  const routeName = `夜巡路线${stamp}`;

  await page.goto(LIST);
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  await pick(page, form.getByTestId('form-item-village_id'), '阳光花园');
  await form.getByTestId('form-item-name').locator('input').fill(routeName);
  // typed into the select's search: with the points other tests made, the new ones may lie below the
  // dropdown's rendered (virtual) rows
  const chainSelect = form.getByTestId('point-chain-input').locator('.ant-select').first();
  for (const n of [a, b, c]) {
    await chainSelect.click();
    await chainSelect.locator('input').fill(n);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: n }).first().click();
  }
  await expect.poll(() => names(page)).toEqual([a, b, c]);
  // drag 北门 onto 东门: it walks first
  const ids = await page.getByTestId('point-chain-input').locator('[data-testid^="chain-item-"]').all();
  await ids[2]!.dragTo(ids[0]!);
  await expect.poll(() => names(page)).toEqual([c, a, b]);

  // weekly on Monday and Wednesday, two windows; an overlapping second window is named before saving
  const picker = form.getByTestId('patrol-time-picker');
  await picker.getByText('每周', { exact: true }).click();
  await picker.getByText('周一', { exact: true }).click();
  await picker.getByText('周三', { exact: true }).click();
  await fillTime(picker.getByTestId('patrol-span-0-start'), '08:00:00');
  await fillTime(picker.getByTestId('patrol-span-0-end'), '09:00:00');
  await picker.getByTestId('patrol-span-add').click();
  await fillTime(picker.getByTestId('patrol-span-1-start'), '08:30:00');
  await fillTime(picker.getByTestId('patrol-span-1-end'), '10:00:00');
  await expect(picker.getByTestId('patrol-time-problem')).toHaveText('巡更时段不能重叠');
  await fillTime(picker.getByTestId('patrol-span-1-start'), '20:00:00');
  await fillTime(picker.getByTestId('patrol-span-1-end'), '21:00:00');
  await expect(picker.getByTestId('patrol-time-problem')).toHaveCount(0);
  // 巡更人员 in the form: the chosen village's workers
  await pick(page, form.getByTestId('form-item-staff_ids'), '张师傅');
  await page.getByTestId('form-submit').click();
  await expect(form).toHaveCount(0);

  // the list shows the chain as walked and the time as set
  const row = tableRow(page, routeName);
  await expect(row.getByTestId('point-chain')).toHaveText(`${c}→${a}→${b}`);
  await expect(row).toContainText('张师傅');
  await expect(row).toContainText('每周一、三 08:00:00-09:00:00，20:00:00-21:00:00');
  const saved = (await api<{ records: Route[] }>(page, '/Web/Patrol/Route/list', { name: routeName })).records[0]!;
  expect(JSON.parse(saved.patrol_time)).toMatchObject({
    type: 2,
    week: [1, 3],
    times: [
      { start: '08:00:00', end: '09:00:00' },
      { start: '20:00:00', end: '21:00:00' },
    ],
  });

  // the edit form shows the guards as saved
  await row.getByTestId('row-action-edit').click();
  await expect(form.getByTestId('form-item-staff_ids')).toContainText('张师傅');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // 巡更派发 (still offered) to 张师傅, with a person in charge
  await row.locator('.ant-checkbox-input').check();
  await vis(page, 'toolbar-patrolSend').click();
  const dialog = page.getByTestId('patrol-send-dialog');
  await expect(dialog.locator('input[readonly]')).toHaveValue(routeName);
  // the guard chosen in the route form is already there
  await expect(dialog.locator('.ant-form-item').nth(1)).toContainText('张师傅');
  await page.getByTestId('patrol-send-handler').fill('赵队长');
  await page.getByTestId('patrol-send-submit').click();
  await expect(page.getByText('派发成功')).toBeVisible();
  await expect(tableRow(page, routeName)).toContainText('张师傅');
  await expect(tableRow(page, routeName)).toContainText('赵队长');

  // 线路二维码 opens the print page of the three points in walking order, titled by the route
  const popup = page.waitForEvent('popup');
  await tableRow(page, routeName).getByText('线路二维码').click();
  const print = await popup;
  const url = new URL(print.url());
  expect(url.pathname).toBe('/print/patrol-qr');
  expect(url.searchParams.get('ids')).toBe(saved.point_ids.join(','));
  expect(url.searchParams.get('title')).toBe(routeName);
});
