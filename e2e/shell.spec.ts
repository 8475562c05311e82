import { budget, expect, test } from './fixtures.ts';
import {
  admin,
  api,
  asUnbuilt,
  confirmDialog,
  login,
  operator,
  property,
  sideMenuTitles,
  staff,
  storedToken,
} from './helpers.ts';

test.describe('login variants', () => {
  test('the platform admin logs in at /adminlogin and sees the platform menus', async ({ page }) => {
    await login(page, admin);
    expect(await sideMenuTitles(page)).toEqual(['平台首页', '运营商', '系统设置']);
  });

  test('the operator logs in at /operatorlogin', async ({ page }) => {
    await login(page, operator);
    expect(await sideMenuTitles(page)).toEqual(['运营首页', '运营管理', '数据分析', '系统设置']);
  });

  test('the property super admin lands on the workbench with every property menu', async ({ page }) => {
    await login(page, property);
    await expect(page).toHaveURL(/\/Web\/Basic\/Index\/index$/);
    await expect(page.getByTestId('workbench')).toBeVisible();
    expect(await sideMenuTitles(page)).toEqual([
      '工作台',
      '基础数据',
      '收费管理',
      '报修管理',
      '巡更管理',
      '停车管理',
      '物联网',
      '社区',
      '疫情防控',
      '数据分析',
      '系统设置',
    ]);
    await expect(page).toHaveTitle(/工作台/);
  });

  test('the staff user sees his workbench, repair and patrol, and starts at the workbench', async ({ page }) => {
    await login(page, staff);
    expect(await sideMenuTitles(page)).toEqual(['工作台', '报修管理', '巡更管理']);
    await expect(page).toHaveURL(/\/Web\/Basic\/Index\/index$/);
  });

  test('a wrong password and a user at the wrong page get clear messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await page.getByTestId('login-username').fill('property');
    await page.getByTestId('login-password').fill('wrong_pass1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(/用户名或密码错误/).first()).toBeVisible();
    await page.goto('/adminlogin');
    await page.getByTestId('login-username').fill('property');
    await page.getByTestId('login-password').fill('Property_2026');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(/不能在此登录/).first()).toBeVisible();
  });

  test('the login page shows the copyright and a running clock', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-copyright')).toContainText('5A云小区');
    const first = await page.getByTestId('login-clock').innerText();
    await expect(page.getByTestId('login-clock')).not.toHaveText(first, { timeout: budget(3000) });
  });
});

test.describe('route guard', () => {
  test('sends a visitor to /login with the redirect and returns after login', async ({ page }) => {
    await page.goto('/System/Post/index');
    await expect(page).toHaveURL(/\/login\?redirect=%2FSystem%2FPost%2Findex/);
    await page.getByTestId('login-username').fill('property');
    await page.getByTestId('login-password').fill('Property_2026');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/System\/Post\/index$/);
    await expect(page.getByTestId('tab-/System/Post/index')).toBeVisible();
    await expect(page).toHaveTitle(/岗位管理/);
  });

  test('an unknown path shows the 404 page and back to home', async ({ page }) => {
    await login(page, property);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/\/Web\/Basic\/Index\/index$/);
  });

  test('a page not built yet shows 建设中 with its title', async ({ page }) => {
    await login(page, property);
    await asUnbuilt(page, '/Web/Basic/Building/listConfig');
    await page.goto('/Web/Basic/Building/listConfig');
    await expect(page.getByTestId('under-construction')).toBeVisible();
    await expect(page.getByTestId('under-construction-title')).toContainText('楼栋管理');
  });
});

test.describe('tabs', () => {
  test('open, close others / right / all; the workbench tab stays', async ({ page }) => {
    await login(page, property);
    for (const p of [
      '/Web/Renewal/PayStatistics/index',
      '/Web/Renewal/Financial/index',
      '/Web/Renewal/Service/index',
    ]) {
      await page.goto(p);
      await expect(page.getByTestId(`tab-${p}`)).toHaveAttribute('data-active', 'true');
    }
    const tabs = page.getByTestId('tab-bar').locator('[data-testid^="tab-/"]');
    await expect(tabs).toHaveCount(4);

    // closing the current (last) tab goes to the previous one
    await page.getByTestId('tab-close-/Web/Renewal/Service/index').click();
    await expect(page).toHaveURL(/\/Web\/Renewal\/Financial\/index$/);
    await expect(tabs).toHaveCount(3);

    await page.getByTestId('tab-/Web/Renewal/PayStatistics/index').click({ button: 'right' });
    await page.getByText('关闭右侧').filter({ visible: true }).click();
    await expect(tabs).toHaveCount(2);

    // the workbench tab offers only close-all and survives it
    await page.getByTestId('tab-/Web/Basic/Index/index').click({ button: 'right' });
    await expect(page.getByText('关闭全部').filter({ visible: true })).toHaveCount(1);
    await expect(page.getByText('关闭左侧').filter({ visible: true })).toHaveCount(0);
    await page.getByText('关闭全部').filter({ visible: true }).click();
    await expect(tabs).toHaveCount(1);
    await expect(page).toHaveURL(/\/Web\/Basic\/Index\/index$/);
    await expect(page.getByTestId('tab-close-/Web/Basic/Index/index')).toHaveCount(0);
  });

  test('isadmin cookie false shows only the current tab', async ({ page, context }) => {
    await login(page, property, '/Web/Renewal/PayStatistics/index');
    await context.addCookies([{ name: 'isadmin', value: 'false', domain: '127.0.0.1', path: '/' }]);
    await page.goto('/Web/Renewal/Financial/index');
    const tabs = page.getByTestId('tab-bar').locator('[data-testid^="tab-/"]');
    await expect(tabs).toHaveCount(1);
    await expect(page.getByTestId('tab-/Web/Renewal/Financial/index')).toBeVisible();
  });
});

test.describe('header', () => {
  test('menu search with the hotkey finds pages by their full title', async ({ page }) => {
    await login(page, property);
    await page.keyboard.press('Control+k');
    await page.getByTestId('menu-search-input').fill('岗位');
    const item = page.getByTestId('menu-search-item').first();
    await expect(item).toContainText('系统设置 / 岗位管理');
    await item.click();
    await expect(page).toHaveURL(/\/System\/Post\/index$/);
  });

  test('the event bell shows unread reports, clears on click and opens repairs', async ({ page }) => {
    await login(page, property);
    // company A's unread reports: three incidents and a complaint
    await expect(page.getByTestId('event-bell')).toHaveAttribute('data-count', '4');
    await page.getByTestId('event-bell').click();
    await expect(page).toHaveURL(/\/Web\/Repair\/RepairManagement\/listConfig$/);
    await expect(page.getByTestId('event-bell')).toHaveAttribute('data-count', '0');
    // read on the server too: the next poll does not bring the count back
    await expect
      .poll(async () => (await api<{ num: number }>(page, '/Web/Repair/ReportThings/getReportNumData')).num)
      .toBe(0);
  });

  test('logout asks first; cancel keeps the session, confirm returns to the login page used', async ({ page }) => {
    await login(page, admin);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    // the confirm must be open first, or the loop below passes at once with nothing clicked; a click that lands
    // while it still opens (a loaded machine) may go unseen: click until it is gone
    await expect(page.getByTestId('logout-confirm-cancel')).toBeVisible({ timeout: budget(10_000) });
    await expect(async () => {
      const cancel = page.getByRole('button', { name: /取\s*消/ });
      if (await cancel.isVisible()) await cancel.click({ timeout: 2000 });
      await expect(page.locator('.ant-modal-confirm:visible')).toHaveCount(0, { timeout: 1500 });
    }).toPass({ timeout: budget(15_000) });
    await expect(page.getByText('已取消退出')).toBeVisible();
    await expect(page.getByTestId('shell')).toBeVisible();
    const token = await storedToken(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await confirmDialog(page);
    await expect(page).toHaveURL(/\/adminlogin/);
    expect(await storedToken(page)).toBeNull();
    // the server revoked the token
    const res = await page.request.post('/xapi/Passport/User/Info/getUser', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect((await res.json()).code).toBe(50008);
  });

  test('changing the API base address logs out', async ({ page }) => {
    await login(page, property);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-env').click();
    await page.getByTestId('env-preset-local').click();
    await page
      .getByRole('button', { name: /确\s*定|保\s*存/ })
      .last()
      .click();
    await expect(page).toHaveURL(/\/login/);
    expect(await storedToken(page)).toBeNull();
  });

  test('a revoked token forces logout with 身份验证失败', async ({ page }) => {
    await login(page, property);
    const token = await storedToken(page);
    await page.request.post('/xapi/Passport/User/Login/logout', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    await page.goto('/System/Post/index');
    await expect(page.locator('.ant-modal-confirm-title', { hasText: '身份验证失败' })).toBeVisible();
    await expect(page.getByText('请重新登录', { exact: true })).toBeVisible();
    // the guard's error page behind the modal has a retry button too; take the modal's
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /重新登录/ })
      .click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('user settings change the nickname with the product messages', async ({ page }) => {
    await login(page, staff);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-settings').click();
    await page.getByTestId('settings-name').fill('');
    await page
      .getByRole('button', { name: /确\s*定|保\s*存/ })
      .last()
      .click();
    await expect(page.getByText('用户昵称不能为空')).toBeVisible();
    await page.getByTestId('settings-name').fill('张师傅');
    await page.getByTestId('settings-new-password').fill('New_pass9');
    await page.getByTestId('settings-re-password').fill('Other_9');
    await page
      .getByRole('button', { name: /确\s*定|保\s*存/ })
      .last()
      .click();
    await expect(page.getByText('两次密码输入不一致')).toBeVisible();
    await page.getByTestId('settings-new-password').fill('');
    await page.getByTestId('settings-re-password').fill('');
    await page
      .getByRole('button', { name: /确\s*定|保\s*存/ })
      .last()
      .click();
    await expect(page.getByText('修改成功')).toBeVisible();
  });
});
