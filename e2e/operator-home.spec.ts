import { budget, expect, test } from './fixtures.ts';
import type { OperatorHome } from '@5a/contracts';
import { admin, api, login, operator, vis } from './helpers.ts';

test.describe('operator home', () => {
  test('an operator lands on its home: its counters, to-dos and companies; 到期物业公司 opens the expiry list', async ({
    page,
  }) => {
    await login(page, operator);
    await expect(page).toHaveURL(/\/Web\/Basic\/Index\/operator$/);
    await expect(vis(page, 'home-operator')).toBeVisible({ timeout: budget(15_000) });
    const data = await api<OperatorHome>(page, '/Web/Basic/Index/operator');
    if (data.super) throw new Error('the operator sees the operator mode');
    // what the screen shows is the server's count of its own companies
    const tenants = data.baseItem.find((c) => c.key === 'tenants')!;
    expect(Number(tenants.num)).toBeGreaterThan(0);
    await expect(vis(page, 'home-base-tenants')).toContainText(String(tenants.num));
    await expect(vis(page, 'home-base-operators')).toHaveCount(0);
    const table = vis(page, 'home-companies');
    for (const c of data.footer.slice(0, 3)) await expect(table).toContainText(c.name);
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(data.footer.length, 10));
    await expect(vis(page, 'home-line-tenants').locator('canvas').first()).toBeVisible();
    await vis(page, 'home-task-expireTenant').click();
    await expect(page).toHaveURL(/\/Sys\/CarrierOperator\/ExpireTenant\/listConfig$/);
    // the expiry list lists the companies the home reminded of
    const list = vis(page, 'list-table');
    await expect(list).toBeVisible({ timeout: budget(15_000) });
    const due = data.reminders.filter((r) => r.key.startsWith('tenant:')).map((r) => r.key.slice('tenant:'.length));
    expect(due.length).toBe(Number(data.tasks.find((x) => x.key === 'expireTenant')!.num));
    for (const name of due.slice(0, 3)) await expect(list).toContainText(name);
  });

  test('the platform admin sees the super mode with every operator counted', async ({ page }) => {
    await login(page, admin, '/Web/Basic/Index/operator');
    await expect(vis(page, 'home-super')).toBeVisible({ timeout: budget(15_000) });
    const data = await api<OperatorHome>(page, '/Web/Basic/Index/operator');
    expect(data.super).toBe(true);
    const ops = data.baseItem.find((c) => c.key === 'operators')!;
    await expect(vis(page, 'home-base-operators')).toContainText(String(ops.num));
    await expect(vis(page, 'home-companies')).toHaveCount(0);
    await expect(page.getByText('建设中')).toHaveCount(0);
  });
});
