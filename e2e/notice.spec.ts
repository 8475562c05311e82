import { budget, expect, test } from './fixtures.ts';
import { api, login, property, staff } from './helpers.ts';

type Page1<T> = { records: T[] };

test('a failed online payment raised on the server shows in the open browser without a reload, and the abnormal dialog shows it', async ({
  page,
}) => {
  await login(page, property);
  const house = (await api<Page1<{ id: number; village_id: number }>>(page, '/Web/Basic/House/list', { size: 1 }))
    .records[0]!;
  const name = `告警演示费${Date.now() % 100000}`;
  const item = await api<{ id: number }>(page, '/Web/Renewal/FeeItem/add', {
    row: {
      village_id: house.village_id,
      name,
      category: '6',
      calc_mode: '2',
      period_type: '1',
      cycle_months: 1,
      unit_price: '36.50',
      start_date: '2020-01-01',
    },
  });
  await api(page, '/Web/Renewal/RenewalList/generate', {
    data: { house_ids: [house.id], fee_item_ids: [item.id], period_start: '2032-01', months: 1 },
  });
  const bill = (
    await api<Page1<{ id: number }>>(page, '/Web/Renewal/RenewalList/list?tab_type=unpaid', { name, size: 1 })
  ).records[0]!;
  const order = await api<{ codeUrl: string }>(page, '/Web/Renewal/RenewalList/charge', {
    data: { ids: [bill.id], type: 0 },
  });
  const token = decodeURIComponent(order.codeUrl.split('token=')[1]!);
  // the shell polls once a minute: only the event stream brings it this fast
  await api(page, '/Web/NoLoginApi/Sandbox/pay', { token, result: 'fail' });

  // announced at once without stopping the user's work; 查看 opens the abnormal dialog
  await expect(page.getByTestId('abnormal-notification-title')).toHaveText('在线缴费支付失败', {
    timeout: budget(5000),
  });
  await page.getByTestId('abnormal-notification-view').click();
  await expect(page.getByTestId('abnormal-notification')).toHaveCount(0);
  const dialog = page.getByTestId('abnormal-dialog-body');
  await expect(page.getByTestId('abnormal-title')).toHaveText('在线缴费支付失败');
  await expect(page.getByTestId('abnormal-content')).toContainText('36.50');
  await expect(dialog).toContainText('支付失败');
  await page.getByTestId('abnormal-ok').click();
  await expect(page.getByTestId('abnormal-title')).toHaveCount(0);
  // opening it marked it seen for this user
  const after = await api<{ abnormal_list: { title: string; is_read: number; original_content: string }[] }>(
    page,
    '/Web/Basic/PlatformInformation/getAbnormal',
    {},
  );
  expect(after.abnormal_list.find((a) => a.original_content.includes('36.50'))?.is_read).toBe(1);
});

test('an unread announcement in the header opens highlighted in 平台公告 and is marked read', async ({ page }) => {
  await login(page, property);
  const menu = page.getByTestId('notice-menu');
  await expect(menu).not.toHaveAttribute('data-count', '0');
  const before = Number(await menu.getAttribute('data-count'));
  await menu.click();
  const item = page.locator('[data-testid^="notice-item-"]', { hasText: '新版报修管理功能上线' });
  const id = (await item.getAttribute('data-testid'))!.replace('notice-item-', '');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`vuexNoticeId=${id}`));
  await expect(page.getByTestId(`notice-row-${id}`)).toHaveAttribute('data-highlighted', 'true');
  await expect(page.getByTestId('notice-detail')).toContainText('工单时限');
  await expect(menu).toHaveAttribute('data-count', String(before - 1));
  const unread = await api<{ id: number }[]>(page, '/Web/Basic/PlatformInformation/unNotified', {});
  expect(unread.map((n) => n.id)).not.toContain(Number(id));
  // company A's own announcement is there, company B's is not
  await expect(page.getByTestId('notice-reader')).toContainText('阳光物业服务续费提醒');
  await expect(page.getByTestId('notice-reader')).not.toContainText('安居物业数据迁移说明');
});

test('the face-comparison alert of the workbench list opens with both pictures, the time, the similarity and the name', async ({
  page,
}) => {
  await login(page, staff);
  const item = page
    .getByTestId('workbench-module-early_list')
    .getByTestId('alert-item')
    .filter({ hasText: '人脸比对告警' });
  await item.click();
  await expect(page.getByTestId('abnormal-title')).toHaveText('人脸比对告警：布控人员出现');
  const face = page.getByTestId('abnormal-face');
  await expect(page.getByTestId('abnormal-similarity')).toHaveText('95.32%');
  await expect(face).toContainText('王建国');
  await expect(face).toContainText('抓拍时间');
  await expect(face.locator('img')).toHaveCount(2);
  for (const img of await face.locator('img').all())
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.getByTestId('abnormal-ok').click();
  await expect(page.getByTestId('abnormal-face')).toHaveCount(0);
});

test('a work order that runs past its required time shows as an abnormal alert in the open browser without a reload', async ({
  page,
}) => {
  await login(page, property);
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const village = villages.find((v) => v.label === '阳光花园')!.value;
  const cats = await api<{ label: string; value: number }[]>(page, '/Web/Repair/RepairCategory/options');
  const problem = `e2e 超时工单 ${Date.now() % 100000}`;
  await api(page, '/Web/Repair/RepairManagement/add', {
    row: {
      village_id: village,
      person_name: '周先生',
      tel: '13700006666',
      problem,
      category_id: cats.find((c) => c.label === '门窗维修')!.value,
      urgency: '1',
      source: '1',
    },
  });
  const order = (await api<Page1<{ id: number }>>(page, '/Web/Repair/RepairManagement/list', { problem, size: 1 }))
    .records[0]!;
  const workers = await api<{ value: number; label: string }[]>(page, '/Web/Repair/RepairManagement/workers', {
    id: order.id,
  });
  const worker = workers.find((w) => w.label.includes('张师傅'))!;
  // required three seconds from now (Beijing time, as the form sends it); the e2e server sweeps every second
  const due = new Date(Date.now() + 8 * 3600_000 + 3000).toISOString().slice(0, 19).replace('T', ' ');
  await api(page, '/Web/Repair/RepairManagement/dispatch', {
    id: order.id,
    personid: worker.value,
    content: '尽快',
    wctime: due,
  });

  const title = page.getByTestId('abnormal-notification-title').filter({ hasText: `工单 #${order.id} 已超时` });
  await expect(title).toBeVisible({ timeout: budget(10_000) });
  await page
    .getByTestId('abnormal-notification')
    .filter({ has: title })
    .getByTestId('abnormal-notification-view')
    .click();
  await expect(page.getByTestId('abnormal-title')).toHaveText(`工单 #${order.id} 已超时`);
  await expect(page.getByTestId('abnormal-content')).toContainText(problem);
  await page.getByTestId('abnormal-ok').click();
});
