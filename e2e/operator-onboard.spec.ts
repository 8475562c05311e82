import type { Locator, Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { admin, login, pick, tableRow, vis } from './helpers.ts';

const fillDate = async (form: Locator, prop: string, value: string) => {
  const input = form.getByTestId(`form-item-${prop}`).locator('input');
  await input.fill(value);
  await input.press('Enter');
};
const text = (form: Locator, prop: string, value: string) =>
  form.getByTestId(`form-item-${prop}`).locator('input').first().fill(value);

/** The first login: the shell shows only the password dialog until the given password is replaced. */
const changeFirstPassword = async (page: Page, old: string, next: string) => {
  await expect(page.getByText('首次登录，请修改初始密码')).toBeVisible();
  await page.getByTestId('settings-old-password').fill(old);
  await page.getByTestId('settings-new-password').fill(next);
  await page.getByTestId('settings-re-password').fill(next);
  await page
    .getByRole('button', { name: /确\s*定|保\s*存/ })
    .last()
    .click();
  await expect(page.getByText('修改成功')).toBeVisible();
};

test('the platform onboards an operator, whose first login changes the password and onboards a company', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  await login(page, admin, '/Sys/CarrierOperator/Operator/listConfig');
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  await text(form, 'name', 'e2e 钱塘运营有限公司');
  // hundreds of regions: typed into the select's search, as a user would
  await form.getByTestId('form-item-region_codes').locator('input').fill('杭州市');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '浙江省 / 杭州市' }).click();
  await page.keyboard.press('Escape');
  await text(form, 'contact', '方经理');
  await text(form, 'phone', '13911110000');
  await fillDate(form, 'start_date', '2026-01-01');
  await fillDate(form, 'expire_date', '2025-12-31');
  // the plan names what the operator may sell (an empty plan sells nothing)
  await pick(page, form.getByTestId('form-item-service_ids'), '智能门禁');
  await page.keyboard.press('Escape');
  await text(form, 'user_name', 'e2eop');
  await form.getByTestId('form-item-user_password').locator('input').fill('E2eop_2026');
  await page.getByTestId('form-submit').click();
  await expect(form.getByTestId('form-item-expire_date')).toContainText('到期日期不能早于开始日期');
  await fillDate(form, 'expire_date', '2027-12-31');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  await expect(tableRow(page, 'e2e 钱塘运营有限公司')).toBeVisible();

  // the operator's first login
  await page.evaluate(() => localStorage.clear());
  await page.goto('/operatorlogin');
  await page.getByTestId('login-username').fill('e2eop');
  await page.getByTestId('login-password').fill('E2eop_2026');
  await page.getByTestId('login-submit').click();
  await changeFirstPassword(page, 'E2eop_2026', 'E2eop_2027');

  await page.goto('/Operator/Tenant/listConfig');
  await vis(page, 'toolbar-add').click();
  const tenant = page.getByTestId('form-dialog');
  await text(tenant, 'name', 'e2e 钱塘物业有限公司');
  await text(tenant, 'contact', '周总');
  await text(tenant, 'phone', '13811110000');
  await fillDate(tenant, 'service_expire', '2027-06-30');
  await pick(page, tenant.getByTestId('form-item-service_ids'), '智能门禁');
  await page.keyboard.press('Escape');
  await text(tenant, 'user_name', 'e2ewy');
  await tenant.getByTestId('form-item-user_password').locator('input').fill('E2ewy_2026');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  await expect(tableRow(page, 'e2e 钱塘物业有限公司')).toBeVisible();
  // the operator sees its own company only
  await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
});

test('a template role is granted over the company menus, and the mobile menus are empty', async ({ page }) => {
  await login(page, admin, '/Sys/Permission/RoleTemplate/listConfig');
  await tableRow(page, '物业管理员模板').getByTestId('row-action-commonAuth').click();
  const tree = page.getByTestId('perm-tree');
  await expect(tree.getByText('基础数据')).toBeVisible({ timeout: budget(10_000) });
  await expect(tree.getByText('系统设置')).toBeVisible();
  await expect(tree.locator('.ant-tree-checkbox-checked').first()).toBeVisible();
  await page.waitForTimeout(800);
  await page.getByTestId('perm-save').click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  await tableRow(page, '物业管理员模板').getByTestId('row-action-commonAuth').click();
  await expect(tree.getByText('基础数据')).toBeVisible({ timeout: budget(10_000) });
  await page.getByTestId('perm-menu-type').getByText('移动端菜单').click();
  await expect(tree.getByText('基础数据')).toHaveCount(0);
});
