import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, vis } from './helpers.ts';

type Report = {
  summary: { total: number; completed: number; missed: number; rate: number };
  byGuard: { worker_name: string; total: number }[];
  villages: { id: number; name: string }[];
};

const REPORT = '/Web/Patrol/Report';

const drawn = async (page: Page, testId: string) => {
  const canvas = vis(page, testId).locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: budget(15_000) });
  const box = await canvas.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(box!.height).toBeGreaterThan(100);
};

/**
 * A route of 阳光花园 walked all day every day, dispatched to 张师傅: its tasks from today on exist once the
 * dispatch (or the one-second sweep) has generated them, so the report of the last four weeks has today's.
 */
const dispatchedRoute = async (page: Page) => {
  const { villages } = await api<Report>(page, `${REPORT}/data`, {});
  const village = villages.find((v) => v.name === '阳光花园')!;
  const stamp = Date.now().toString(36).toUpperCase();
  const point = await api<{ id: number }>(page, '/Web/Internet/IntellPoint/add', {
    row: { village_id: village.id, name: `统计测试点${stamp}`, point_no: `RPT-${stamp}`, point_type: '1', state: 1 },
  });
  const route = await api<{ id: number }>(page, '/Web/Patrol/Route/add', {
    row: {
      village_id: village.id,
      name: `统计测试路线${stamp}`,
      state: 1,
      point_ids: [point.id],
      patrol_time: JSON.stringify({ type: 1, times: [{ start: '00:00:00', end: '23:59:59' }] }),
    },
  });
  const staff = await api<{ value: number; label: string }[]>(page, '/Web/Patrol/Route/staffOptions', {
    id: route.id,
  });
  const zhang = staff.find((s) => s.label.includes('张师傅'))!;
  await api(page, '/Web/Patrol/Route/send', {
    id: route.id,
    staff_ids: String(zhang.value),
    handler: '赵队长',
    type: 1,
  });
};

test('巡更统计 shows real figures, draws the guard and week charts and exports an xlsx', async ({ page }) => {
  await login(page, property);
  await dispatchedRoute(page);
  // the sweep makes the dispatched tasks over a few turns: wait until the count is there and has settled
  const total = async () => (await api<Report>(page, `${REPORT}/data`, {})).summary.total;
  await expect
    .poll(
      async () => {
        const before = await total();
        await page.waitForTimeout(1500);
        return before > 0 && before === (await total());
      },
      { timeout: budget(20_000) },
    )
    .toBe(true);
  const report = await api<Report>(page, `${REPORT}/data`, {});

  await page.goto(`${REPORT}/index`);
  await expect(vis(page, 'patrol-report')).toBeVisible();
  await expect(vis(page, 'patrol-report-total')).toContainText(String(report.summary.total));
  await expect(vis(page, 'patrol-report-period')).toContainText(' 至 ');
  await drawn(page, 'patrol-report-guard-chart');
  await drawn(page, 'patrol-report-route-chart');
  await drawn(page, 'patrol-report-week-chart');
  await expect(vis(page, 'patrol-report-guards')).toContainText('张师傅');

  const download = page.waitForEvent('download');
  await vis(page, 'patrol-report-export').click();
  expect((await download).suggestedFilename()).toMatch(/^巡更统计_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
});
