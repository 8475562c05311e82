import type { Locator, Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { admin, api, login, vis, type Who } from './helpers.ts';

type List<T> = { records: T[]; total: number };
type MenuNode = { title: string; children: MenuNode[] };

/** A date in Asia/Shanghai, `days` from today. */
const shanghaiDate = (days: number) =>
  new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

const suffix = Date.now().toString(36).slice(-5);
const OPERATOR = `e2e西湖运营${suffix}`;
const COMPANY = `e2e湖滨物业${suffix}`;
const opLogin: Who = { path: '/operatorlogin', user: `e2eop${suffix}`, password: 'Given_2026a' };
const coLogin: Who = { path: '/login', user: `e2eco${suffix}`, password: 'Given_2026b' };

/** A long option list is virtual: type to narrow it, then pick. */
const pickTyped = async (page: Page, item: Locator, typed: string, option: string) => {
  await item.locator('.ant-select').first().click();
  await item.locator('.ant-select input').first().fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await page.keyboard.press('Escape');
};

/** a row of the visible list (cached tabs keep other lists in the DOM) */
const row = (page: Page, text: string) => vis(page, 'list-table').locator('tbody tr', { hasText: text });

const fill = (form: Locator, prop: string, value: string) =>
  form.getByTestId(`form-item-${prop}`).locator('input').first().fill(value);

const fillDate = async (form: Locator, prop: string, value: string) => {
  const input = form.getByTestId(`form-item-${prop}`).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
};

/** The first login's forced dialog: the given password is replaced before any page shows. */
const changeGivenPassword = async (page: Page, who: Who) => {
  const dialog = page.locator('.ant-modal', { hasText: '首次登录，请修改初始密码' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('.shell-main')).toHaveCount(0);
  await page.getByTestId('settings-old-password').fill(who.password);
  await page.getByTestId('settings-new-password').fill(`${who.password}x`);
  await page.getByTestId('settings-re-password').fill(`${who.password}x`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();
};

const titlesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.title, ...titlesOf(n.children)]);

const pickRegion = async (page: Page, form: Locator, prop: string, path: string[]) => {
  await form.getByTestId(`form-item-${prop}`).locator('.ant-cascader, .ant-select').first().click();
  for (const name of path)
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: name }).first().click();
  await page.keyboard.press('Escape');
};

const addVillage = async (page: Page, name: string) => {
  await page.goto('/Web/Basic/Village/listConfig');
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  await fill(form, 'name', name);
  await pickRegion(page, form, 'region_code', ['浙江省', '杭州市', '西湖区']);
  await page.getByTestId('form-submit').click();
};

test('platform → operator → company → village; expiry lists, read-only after expiry, renewal restores writing', async ({
  browser,
}) => {
  test.setTimeout(budget(240_000));

  // 1. the platform creates an operator with its first login
  const platform = await (await browser.newContext()).newPage();
  await login(platform, admin, '/Sys/CarrierOperator/Operator/listConfig');
  await vis(platform, 'toolbar-add').click();
  const opForm = platform.getByTestId('form-dialog');
  await fill(opForm, 'name', OPERATOR);
  await pickTyped(platform, opForm.getByTestId('form-item-region_codes'), '杭州', '浙江省 / 杭州市');
  await fill(opForm, 'contact', '赵运营');
  await fill(opForm, 'phone', '13912345678');
  await fillDate(opForm, 'start_date', shanghaiDate(-1));
  await fillDate(opForm, 'expire_date', shanghaiDate(365));
  await fill(opForm, 'share_percent', '15');
  // the plan names what the operator may sell (an empty plan sells nothing)
  await pickTyped(platform, opForm.getByTestId('form-item-service_ids'), '在线', '在线缴费');
  await fill(opForm, 'user_name', opLogin.user);
  await fill(opForm, 'user_password', opLogin.password);
  await platform.getByTestId('form-submit').click();
  await expect(platform.getByText('保存成功!')).toBeVisible();

  // 2. the operator logs in, replaces the given password, signs up a company with online payment only
  const op = await (await browser.newContext()).newPage();
  await login(op, opLogin);
  await changeGivenPassword(op, opLogin);
  await op.goto('/Operator/Tenant/listConfig');
  await vis(op, 'toolbar-add').click();
  const coForm = op.getByTestId('form-dialog');
  await fill(coForm, 'name', COMPANY);
  await fill(coForm, 'contact', '钱经理');
  await fill(coForm, 'phone', '13812345678');
  await fillDate(coForm, 'start_date', shanghaiDate(0));
  await fillDate(coForm, 'service_expire', shanghaiDate(365));
  await pickTyped(op, coForm.getByTestId('form-item-service_ids'), '在线', '在线缴费');
  await fill(coForm, 'user_name', coLogin.user);
  await fill(coForm, 'user_password', coLogin.password);
  await op.getByTestId('form-submit').click();
  await expect(op.getByText('保存成功!')).toBeVisible();
  await expect(row(op, COMPANY)).toBeVisible();

  // 3. the company's super administrator sees exactly its plan's menus and adds a village
  const co = await (await browser.newContext()).newPage();
  await login(co, coLogin);
  await changeGivenPassword(co, coLogin);
  const menu = titlesOf((await api<{ menus: MenuNode[] }>(co, '/Common/Menu/Menu')).menus);
  expect(menu).toContain('小区管理');
  expect(menu).toContain('欠费催缴');
  for (const gated of ['车位管理', '视频监控', '门禁管理']) expect(menu).not.toContain(gated);
  const tops = co.getByTestId('top-menu');
  await expect(tops).toContainText('基础数据');
  await expect(tops).not.toContainText('停车管理');
  await addVillage(co, `${COMPANY}一期`);
  await expect(co.getByText('保存成功!')).toBeVisible();
  await expect(row(co, `${COMPANY}一期`)).toBeVisible();

  // 4. the platform moves the company's expiry near: it shows in 到期物业公司 with its days left
  await platform.goto('/Operator/Tenant/listConfig');
  await platform.getByRole('textbox', { name: '物业公司名称' }).filter({ visible: true }).fill(COMPANY);
  await vis(platform, 'search-submit').click();
  await expect(vis(platform, 'list-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await row(platform, COMPANY).getByTestId('row-action-edit').click();
  const editForm = platform.getByTestId('form-dialog');
  await fillDate(editForm, 'service_expire', shanghaiDate(5));
  await platform.getByTestId('form-submit').click();
  await expect(platform.getByText('修改成功!')).toBeVisible();
  await platform.goto('/Sys/CarrierOperator/ExpireTenant/listConfig');
  const dueRow = row(platform, COMPANY);
  await expect(dueRow).toBeVisible();
  await expect(dueRow).toContainText(shanghaiDate(5));
  await expect(dueRow).toContainText('即将到期');

  // 5. lapsed beyond its grace days: the company reads but cannot write, and says so
  const [tenant] = (await api<List<{ id: number }>>(platform, '/Operator/Tenant/list', { name: COMPANY })).records;
  await api(platform, '/Operator/Tenant/edit', {
    id: tenant!.id,
    row: { start_date: shanghaiDate(-400), service_expire: shanghaiDate(-30) },
  });
  await co.goto('/Web/Basic/Village/listConfig');
  await expect(co.getByTestId('service-banner')).toContainText('只读');
  await expect(row(co, `${COMPANY}一期`)).toBeVisible();
  await addVillage(co, `${COMPANY}二期`);
  await expect(co.getByTestId('error-notification')).toContainText('当前为只读模式');
  await co
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  const stored = await api<List<unknown>>(co, '/Web/Basic/Village/list', { name: `${COMPANY}二期` });
  expect(stored.total).toBe(0);

  // 6. renewing through the sandbox payment restores writing
  await co.getByTestId('service-banner').getByRole('button', { name: '去续费' }).click();
  await expect(co).toHaveURL(/\/Web\/Renewal\/Service\/index/);
  const { list } = await api<{ list: { id: number; title: string }[] }>(co, '/Web/Renewal/Service/index');
  const platformService = list.find((s) => s.title === '物业管理平台')!;
  await co.getByTestId(`service-action-${platformService.id}`).click();
  const dialog = co.getByTestId('renew-dialog');
  await expect(dialog.getByTestId('renew-money')).toBeVisible();
  const order = co.waitForResponse((r) => r.url().includes('/Service/order'));
  await dialog.getByTestId('renew-next').click();
  const { data } = (await (await order).json()) as { data: { codeUrl: string } };
  const payer = await co.context().newPage();
  await payer.goto(data.codeUrl.replace(/^https?:\/\/[^/]+/, ''));
  await payer.getByTestId('sandbox-pay-success').click();
  await expect(payer.getByTestId('sandbox-result')).toContainText('支付成功');
  await payer.close();
  await expect(dialog.getByTestId('renew-result')).toContainText('服务到期时间', { timeout: budget(15_000) });
  await dialog.getByTestId('renew-close').click();

  await addVillage(co, `${COMPANY}二期`);
  await expect(co.getByText('保存成功!')).toBeVisible();
  await co.reload();
  await expect(co.getByTestId('shell')).toBeVisible();
  await expect(co.getByTestId('service-banner')).toHaveCount(0);
});
