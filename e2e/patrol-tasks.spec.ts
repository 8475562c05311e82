import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, vis } from './helpers.ts';

type Option = { value: number; label: string };
type Page1<T> = { records: T[] };
type Task = { id: number; route_name: string; status: number; progress: string };

/** 'HH:mm:ss' in Beijing time, `sec` seconds from now, kept within today */
const clock = (sec: number) => {
  const d = new Date(Date.now() + 8 * 3600_000 + sec * 1000);
  const startOfDay = new Date(Date.now() + 8 * 3600_000);
  startOfDay.setUTCHours(0, 0, 0, 0);
  const bounded = Math.min(Math.max(d.getTime(), startOfDay.getTime()), startOfDay.getTime() + 86_399_000);
  return new Date(bounded).toISOString().slice(11, 19);
};

/** a daily route of these points in 阳光花园 with one window, dispatched to 张师傅 (the dispatch generates its tasks) */
const dispatchedRoute = async (
  page: Page,
  village: number,
  name: string,
  points: number[],
  start: string,
  end: string,
) => {
  const patrol_time = JSON.stringify({ type: 1, week: [], month: [], times: [{ start, end }] });
  const { id } = await api<{ id: number }>(page, '/Web/Patrol/Route/add', {
    row: { village_id: village, name, point_ids: points, patrol_time, state: 1 },
  });
  const staff = await api<Option[]>(page, '/Web/Patrol/Route/staffOptions', { id });
  const zhang = staff.find((s) => s.label.includes('张师傅'))!;
  await api(page, '/Web/Patrol/Route/send', { id, staff_ids: String(zhang.value), handler: '王经理', type: 1 });
  return id;
};

test('on a phone the guard signs in from the point link and checks in; the task completes; a window left unwalked is missed and raises an alert', async ({
  page,
  browser,
}) => {
  test.setTimeout(budget(90_000));
  await login(page, property);
  const villages = await api<Option[]>(page, '/Web/Basic/Village/options');
  const sun = villages.find((v) => v.label === '阳光花园')!.value;
  const stamp = Date.now().toString(36).toUpperCase();
  const point = async (name: string) =>
    (
      await api<{ id: number }>(page, '/Web/Internet/IntellPoint/add', {
        row: { village_id: sun, name, point_no: `TK-${stamp}-${name}`, point_type: '1', state: 1 },
      })
    ).id;
  const [gate, garage] = [`东门${stamp}`, `车库${stamp}`];
  const ids = [await point(gate), await point(garage)];
  const walk = `早班巡逻${stamp}`;
  await dispatchedRoute(page, sun, walk, ids, clock(-300), clock(1800));

  // the guard's phone: the QR link, the page's own login, then the point and his task
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const h5 = await phone.newPage();
  await h5.goto(`/h5/patrol?point=${ids[0]}`);
  await h5.getByTestId('h5-login').locator('input[name="username"]').fill('staff');
  await h5.getByTestId('h5-login').locator('input[name="password"]').fill('Staff_2026');
  await h5.getByTestId('h5-login-submit').click();
  await expect(h5.getByTestId('h5-point')).toContainText(gate);
  await expect(h5.getByTestId('h5-task')).toContainText(walk);
  await expect(h5.getByTestId('h5-task')).toContainText('0/2 个点位');
  // a photo from the phone's camera (a JPEG drawn in the page), stored before the check-in
  const jpeg = await h5.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const g = c.getContext('2d')!;
    g.fillStyle = '#4a7';
    g.fillRect(0, 0, 64, 48);
    return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  await h5
    .getByTestId('h5-photo-input')
    .setInputFiles({ name: 'gate.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  await expect(h5.locator('img.h5p-photo')).toBeVisible();
  await h5.getByPlaceholder('备注（选填）').fill('一切正常');
  await h5.getByTestId('h5-checkin').click();
  await expect(h5.getByTestId('h5-verdict')).toContainText('准时');
  await expect(h5.getByTestId('h5-task')).toContainText('1/2 个点位');

  // the next point's code: the same session, the task completes
  await h5.goto(`/h5/patrol?point=${ids[1]}`);
  await expect(h5.getByTestId('h5-point')).toContainText(garage);
  await h5.getByTestId('h5-checkin').click();
  await expect(h5.getByTestId('h5-verdict')).toContainText('准时');
  await expect(h5.getByTestId('h5-task-status')).toHaveText('已完成');
  await h5.screenshot({ path: 'test-results/patrol-h5-checkin.png', animations: 'disabled' });
  // opened without a code: his tasks of today, this one done with both points
  await h5.goto('/h5/patrol');
  await expect(h5.getByTestId('h5-today')).toContainText('今日巡更');
  const today = h5.getByTestId('h5-task').filter({ hasText: walk });
  await expect(today).toContainText('2/2 个点位');
  await expect(today.getByTestId('h5-task-status')).toHaveText('已完成');
  await phone.close();

  // the check-in is on record with its photo and note
  const records = await api<Page1<{ point_name: string; verdict: number; photo: string; note: string }>>(
    page,
    '/Web/Patrol/Record/list',
    { size: 5 },
  );
  expect(records.records.find((r) => r.point_name === gate)).toMatchObject({ verdict: 1, note: '一切正常' });
  expect(records.records.find((r) => r.point_name === gate)!.photo).not.toBe('');

  // the office's task list shows it done, and 巡更详情 names each point's check-in
  await page.goto('/Web/Patrol/Task/listConfig');
  await vis(page, 'list-tabs').getByRole('tab', { name: '已完成' }).click();
  const done = vis(page, 'list-table').locator('tbody tr', { hasText: walk });
  // until the tab's list answers, the table still shows every tab's tasks (tomorrow's window among them)
  await expect(done).toHaveCount(1);
  await expect(done).toContainText('2/2');
  await done.getByRole('button', { name: '巡更详情' }).click();
  const detail = page.getByTestId('patrol-task-detail');
  await expect(detail.locator('tbody tr')).toHaveCount(2);
  await expect(detail).not.toContainText('未巡');
  await page.keyboard.press('Escape');

  // a window that closes a few seconds from now, unwalked: the sweep (every second here) marks it and alerts
  const lapse = `夜班巡逻${stamp}`;
  await dispatchedRoute(page, sun, lapse, ids, clock(-60), clock(4));
  const title = page.getByTestId('abnormal-notification-title').filter({ hasText: `巡更漏巡：${lapse}` });
  await expect(title).toBeVisible({ timeout: budget(15_000) });
  const missed = await api<Page1<Task>>(page, '/Web/Patrol/Task/list?tab_type=missed', { size: 50 });
  expect(missed.records.find((t) => t.route_name === lapse)).toMatchObject({ status: 3, progress: '0/2' });
});
