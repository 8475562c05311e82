import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, propertyb, vis } from './helpers.ts';
import {
  H5,
  freshResident,
  newestSms,
  phone,
  requestCode,
  residentOnPhone,
  signIn,
  smsAfter,
  sunshine,
  type Person,
  type Rows,
} from './resident.ts';

/** a real picture for the uploads */
const PHOTO = 'docs/screenshots/list-1366-after.png';
const DEMO_QUESTIONNAIRE = '2026年度物业服务满意度调查';
const DEMO_POLL = '儿童游乐区改造方案投票';

const open = async (guest: Page, key: string, title: string) => {
  await guest.getByTestId(`resident-module-${key}`).click();
  await expect(guest.getByTestId('resident-title')).toHaveText(title);
};

test('a resident signs in with a texted code: the rules, a wrong code, his modules, 退出登录', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(60_000));
  await login(page, property);
  const who = await freshResident(page);
  const guest = await phone(browser, baseURL);
  await guest.goto(H5);
  await expect(guest.getByTestId('resident-title')).toHaveText('住户登录');
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the server's rules, checked on the page
  await guest.getByTestId('resident-login').click();
  await expect(guest.getByText('请输入手机号')).toBeVisible();
  await expect(guest.getByText('请输入验证码')).toBeVisible();
  await guest.getByTestId('resident-phone').fill('12345678901');
  await guest.getByTestId('resident-code').fill('123');
  await expect(guest.getByText('手机号码格式错误')).toBeVisible();
  await expect(guest.getByText('验证码为6位数字')).toBeVisible();

  // a phone nobody registered here is told so under the field
  const stranger = '19900000017';
  const known = await api<Rows<Person>>(page, '/Web/Basic/GatePerson/list', { tel: stranger, size: 1 });
  if (!known.records.length) {
    await guest.getByTestId('resident-phone').fill(stranger);
    await guest.getByTestId('resident-send-code').click();
    await expect(guest.getByText('该手机号未登记为住户，请联系物业')).toBeVisible();
  }

  // the code as texted; a wrong one is refused under its field, the right one signs him in
  const code = await requestCode(page, guest, who.tel);
  await guest.getByTestId('resident-code').fill(code === '000000' ? '111111' : '000000');
  await guest.getByTestId('resident-login').click();
  await expect(guest.getByText('验证码错误')).toBeVisible();
  await guest.getByTestId('resident-code').fill(code);
  await guest.getByTestId('resident-login').click();
  await expect(guest.getByTestId('resident-home')).toContainText('阳光花园');
  // 阳光花园 has every module on
  for (const key of ['questionnaire', 'vote', 'neighbour', 'bill', 'repair'])
    await expect(guest.getByTestId(`resident-module-${key}`)).toBeVisible();
  expect(await guest.evaluate(() => localStorage.getItem('5a-resident-token'))).toBeTruthy();

  // a reload keeps the session; 退出登录 ends it
  await guest.reload();
  await expect(guest.getByTestId('resident-home')).toBeVisible();

  // H5功能设置: 邻里圈 switched off for 阳光花园 leaves his page at once, and comes back with the switch
  const village = await sunshine(page);
  const H5F = '/web/Setting/H5Functions';
  const on = (await api<{ module_id: number; has: boolean }[]>(page, `${H5F}/show`, { village_id: village }))
    .filter((m) => m.has)
    .map((m) => m.module_id);
  await api(page, `${H5F}/update`, { village_id: village, module_id: on.filter((id) => id !== 3) });
  await guest.reload();
  await expect(guest.getByTestId('resident-module-vote')).toBeVisible();
  await expect(guest.getByTestId('resident-module-neighbour')).toHaveCount(0);
  await api(page, `${H5F}/update`, { village_id: village, module_id: on });
  await guest.reload();
  await expect(guest.getByTestId('resident-module-neighbour')).toBeVisible();
  await guest.getByTestId('resident-logout').click();
  await expect(guest.getByTestId('resident-signin')).toBeVisible();
  expect(await guest.evaluate(() => localStorage.getItem('5a-resident-token'))).toBeNull();
  await guest.context().close();
});

test('我的账单: bills of one house are chosen, 去缴费 opens the mobile pay page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(60_000));
  await login(page, property);
  const village = await sunshine(page);
  // a new resident of a house that owes
  const unpaid = await api<Rows<{ house_id: number }>>(page, '/Web/Renewal/RenewalList/list', {
    village_id: village,
    status: '1',
    size: 200,
  });
  const house = Number(unpaid.records[0]!.house_id);
  const { guest } = await residentOnPhone({ page, browser, baseURL }, house);
  await open(guest, 'bill', '我的账单');

  const first = guest.getByTestId('bill-item').first();
  await expect(first).toBeVisible();
  await expect(guest.getByTestId('bill-total')).toHaveText('¥0.00');
  await expect(guest.getByTestId('bill-pay')).toBeDisabled();
  await first.getByTestId('bill-check').click();
  await expect(guest.getByTestId('bill-total')).not.toHaveText('¥0.00');
  await guest.getByTestId('bill-pay').click();
  await expect(guest).toHaveURL(/\/wap_pay_page\?/, { timeout: budget(15_000) });
  await guest.context().close();
});

test('问卷调查: the demo questionnaire is answered, every question asked for', async ({ page, browser, baseURL }) => {
  test.setTimeout(budget(60_000));
  const { guest } = await residentOnPhone({ page, browser, baseURL });
  await open(guest, 'questionnaire', '问卷调查');

  const item = guest.getByTestId('questionnaire-item').filter({ hasText: DEMO_QUESTIONNAIRE });
  // a new resident has answered nothing
  await expect(item).toContainText('未填写');
  await item.click();
  const form = guest.getByTestId('questionnaire-form');
  await expect(form.getByTestId('questionnaire-question')).toHaveCount(3);
  await form.getByTestId('questionnaire-submit').click();
  await expect(form.getByText(/请选择一个选项/)).toBeVisible();

  const questions = form.getByTestId('questionnaire-question');
  await questions.nth(0).locator('.ant-radio-wrapper').first().click();
  await questions.nth(1).locator('.ant-checkbox-wrapper').first().click();
  await questions.nth(2).locator('textarea').fill('希望增加电动车充电桩');
  await form.getByTestId('questionnaire-submit').click();
  await expect(guest.getByText('提交成功')).toBeVisible();
  await expect(form.getByText('您已填写此问卷')).toBeVisible();
  await guest.getByTestId('questionnaire-back').click();
  await expect(item).toContainText('已填写');
  await guest.context().close();
});

test('社区投票: a ballot is cast and changed before the vote ends; a neighbour he entrusts votes for him', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(60_000));
  const { who, guest } = await residentOnPhone({ page, browser, baseURL });
  await open(guest, 'vote', '社区投票');

  const card = guest.getByTestId('vote-item').filter({ hasText: DEMO_POLL });
  await expect(card).toBeVisible();
  await expect(card).toContainText('截止');
  const options = card.getByTestId('vote-options').locator('.ant-radio-wrapper');
  const [a, b] = [(await options.nth(0).innerText()).trim(), (await options.nth(1).innerText()).trim()];
  // whatever his household chose before, he chooses the other option, then changes back
  const mine = (await card.getByTestId('vote-mine').count()) ? await card.getByTestId('vote-mine').innerText() : '';
  const [first, second] = mine.includes(a) ? [1, 0] : [0, 1];
  const text = [a, b];

  await options.nth(first).click();
  await card.getByTestId('vote-cast').click();
  await expect(guest.getByText('投票成功')).toBeVisible();
  await expect(card.getByTestId('vote-mine')).toHaveText(`已投：${text[first]}`);
  await expect(card.getByTestId('vote-cast')).toHaveText(/修改投票/);

  await options.nth(second).click();
  await card.getByTestId('vote-cast').click();
  await expect(card.getByTestId('vote-mine')).toHaveText(`已投：${text[second]}`);

  // 委托投票: he entrusts a neighbour by name and phone, who votes for him from his own phone
  const proxy = await freshResident(page);
  await card.getByTestId('entrust-open').click();
  await card.getByTestId('entrust-name').fill(proxy.name);
  await card.getByTestId('entrust-phone').fill(proxy.tel);
  await card.getByTestId('entrust-submit').click();
  await expect(card.getByTestId('vote-entrusted')).toHaveText(`已委托 ${proxy.name} 代为投票`);
  const neighbour = await phone(browser, baseURL);
  await signIn(page, neighbour, proxy.tel);
  await open(neighbour, 'vote', '社区投票');
  const theirs = neighbour.getByTestId('vote-item').filter({ hasText: DEMO_POLL });
  const forHim = theirs.getByTestId('vote-proxy-for');
  await expect(forHim).toContainText(`代 ${who.name} 投票`);
  await forHim.locator('.ant-radio-wrapper').nth(first).click();
  await theirs.getByTestId(`vote-proxy-cast-${who.id}`).click();
  await expect(neighbour.getByText('已代为投票')).toBeVisible();
  // his own page shows the ballot cast for him
  await guest.reload();
  await open(guest, 'vote', '社区投票');
  await expect(guest.getByTestId('vote-item').filter({ hasText: DEMO_POLL }).getByTestId('vote-mine')).toHaveText(
    `已投：${text[first]}`,
  );
  await neighbour.context().close();
  await guest.context().close();
});

test('邻里圈: a post with a picture, a like and a comment; 报事报修 with a picture', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(90_000));
  const { guest } = await residentOnPhone({ page, browser, baseURL });
  await open(guest, 'neighbour', '邻里圈');

  const words = `e2e邻居问好${Date.now() % 100000}`;
  await guest.getByTestId('post-new').click();
  await guest.getByTestId('post-content').fill(words);
  await guest.getByTestId('post-pics-file').setInputFiles(PHOTO);
  await expect(guest.getByTestId('post-pics-pic')).toHaveCount(1, { timeout: budget(10_000) });
  await guest.getByTestId('post-submit').click();
  await expect(guest.getByText('发布成功')).toBeVisible();

  const post = guest.getByTestId('post-item').filter({ hasText: words });
  await expect(post).toBeVisible();
  const like = post.getByTestId('post-like');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const loves = Number(await like.innerText());
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(loves + 1));

  await post.getByTestId('post-comment').click();
  await post.getByTestId('post-comment-input').fill('楼上说得好');
  await post.getByTestId('post-comment-send').click();
  await expect(guest.getByText('评论成功')).toBeVisible();
  await expect(post.getByTestId('post-comment')).toHaveText('1');

  // 报事报修
  await guest.getByTestId('resident-back').click();
  await open(guest, 'repair', '报事报修');
  await guest.getByTestId('repair-submit').click();
  await expect(guest.getByText('请填写报修内容')).toBeVisible();
  await guest.getByTestId('repair-problem').fill(`e2e 厨房水管漏水 ${words}`);
  await guest.getByTestId('repair-pics-file').setInputFiles(PHOTO);
  await expect(guest.getByTestId('repair-pics-pic')).toHaveCount(1, { timeout: budget(10_000) });
  await guest.getByTestId('repair-submit').click();
  await expect(guest.getByText('提交成功，物业将尽快处理')).toBeVisible();
  await expect(guest.getByTestId('repair-problem')).toHaveValue('');
  await guest.context().close();
});

/**
 * 住户管理 → 发送办理链接 for one resident: staff pick the action and its target; the link as texted, its address
 * made relative to the test server
 */
const sendLink = async (page: Page, who: Person, action: string, target: string) => {
  const before = (await newestSms(page, who.tel))?.id ?? 0;
  const PERSONS = '/Web/Basic/GatePerson/listConfig';
  await page.goto(PERSONS);
  const list = page.getByTestId(`page-${PERSONS}`);
  const row = list.getByTestId('list-table').locator('tbody tr', { hasText: who.name });
  // the page may still settle while the name is typed: type and search again until applied
  await expect(async () => {
    await list.getByTestId('search-form').getByLabel('姓名').fill(who.name);
    await list.getByTestId('search-submit').click();
    await expect(row).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: budget(15_000) });
  await row.locator('input[type="checkbox"]').check();
  await vis(page, 'toolbar-residentActionLink').click();
  await page.getByTestId('link-action').click();
  await page.locator('.ant-select-dropdown:visible').getByText(action, { exact: true }).click();
  await page.getByTestId('link-target').click();
  await page.locator('.ant-select-dropdown:visible').getByText(target, { exact: true }).click();
  await page.getByTestId('link-submit').click();
  await expect(page.getByText('链接已发送').last()).toBeVisible();
  const text = await smsAfter(page, who.tel, before);
  return /https?:\/\/\S+?\/h5\?link=[A-Za-z0-9_-]+/.exec(text)![0].replace(/^https?:\/\/[^/]+/, '');
};

type Target = { value: number; label: string };
const targetsOf = (page: Page, who: Person, action: 'vote' | 'questionnaire' | 'bill') =>
  api<Target[]>(page, '/Web/Resident/ActionLink/targets', { person_id: who.id, action });

test('a link opens only its vote and leaves the address bar; an unknown link shows the sign-in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(60_000));
  await login(page, property);
  const who = await freshResident(page);
  const targets = await targetsOf(page, who, 'vote');
  const poll = targets.find((t) => t.label.includes(DEMO_POLL)) ?? targets[0]!;
  const url = await sendLink(page, who, '参与投票', poll.label);

  const guest = await phone(browser, baseURL);
  await guest.goto(url);
  await expect(guest.getByTestId('resident-title')).toHaveText('社区投票');
  await expect(guest.getByTestId('resident-linked')).toContainText('阳光花园');
  await expect(guest.getByTestId('vote-item')).toHaveCount(1);
  await expect(guest.getByTestId('resident-modules')).toHaveCount(0);
  await expect(guest).toHaveURL(/\/h5$/);
  // the link serves its one action for three days: opened again it shows the same vote
  const again = await phone(browser, baseURL);
  await again.goto(url);
  await expect(again.getByTestId('resident-title')).toHaveText('社区投票');
  await expect(again.getByTestId('vote-item')).toHaveCount(1);

  // a link the server never sent is refused, and the sign-in is offered
  const other = await phone(browser, baseURL);
  await other.goto(`${H5}?link=e2e-not-a-link`);
  await expect(other.getByTestId('resident-notice')).toHaveText('链接无效或已过期');
  await expect(other.getByTestId('resident-signin')).toBeVisible();
  for (const p of [guest, again, other]) await p.context().close();
});

test('a questionnaire link opens that questionnaire to answer; a bill link opens his bills to pay', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(90_000));
  await login(page, property);
  const unpaid = await api<Rows<{ house_id: number }>>(page, '/Web/Renewal/RenewalList/list', {
    village_id: await sunshine(page),
    status: '1',
    size: 1,
  });
  const who = await freshResident(page, Number(unpaid.records[0]!.house_id));

  const questionnaire = (await targetsOf(page, who, 'questionnaire')).find((t) => t.label === DEMO_QUESTIONNAIRE)!;
  const qUrl = await sendLink(page, who, '填写问卷', questionnaire.label);
  const guest = await phone(browser, baseURL);
  await guest.goto(qUrl);
  await expect(guest.getByTestId('resident-title')).toHaveText('问卷调查');
  const form = guest.getByTestId('questionnaire-form');
  await expect(form).toContainText(DEMO_QUESTIONNAIRE);
  await expect(form.getByTestId('questionnaire-question')).toHaveCount(3);
  await expect(guest.getByTestId('resident-modules')).toHaveCount(0);
  await guest.context().close();

  const bill = (await targetsOf(page, who, 'bill'))[0]!;
  const bUrl = await sendLink(page, who, '缴纳账单', bill.label);
  const payer = await phone(browser, baseURL);
  await payer.goto(bUrl);
  await expect(payer.getByTestId('resident-title')).toHaveText('我的账单');
  await expect(payer.getByTestId('bill-item').first()).toBeVisible();
  await payer.getByTestId('bill-item').first().getByTestId('bill-check').click();
  await expect(payer.getByTestId('bill-total')).not.toHaveText('¥0.00');
  await expect(payer.getByTestId('resident-modules')).toHaveCount(0);
  await payer.context().close();
});

test('a phone registered with two companies picks one; two homes in it switch between them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(60_000));
  await login(page, property);
  const village = await sunshine(page);
  const houses = await api<Rows<{ id: number; name: string }>>(page, '/Web/Basic/House/list', {
    village_id: village,
    size: 2,
  });
  const who = await freshResident(page, houses.records[0]!.id);
  // the same phone in a second house of company A, and with company B
  await api(page, '/Web/Basic/GatePerson/add', {
    row: { house_id: houses.records[1]!.id, name: who.name, tel: who.tel, status: 1, is_livein: 1 },
  });
  const staffB = await (await browser.newContext({ baseURL })).newPage();
  await login(staffB, propertyb);
  const houseB = (await api<Rows<{ id: number }>>(staffB, '/Web/Basic/House/list', { size: 1 })).records[0]!.id;
  await api(staffB, '/Web/Basic/GatePerson/add', {
    row: { house_id: houseB, name: who.name, tel: who.tel, status: 1, is_livein: 1 },
  });
  // the demo's two companies
  const [companyA, companyB] = ['阳光物业服务有限公司', '安居物业管理有限公司'];

  const guest = await phone(browser, baseURL);
  await guest.goto(H5);
  const code = await requestCode(page, guest, who.tel);
  await guest.getByTestId('resident-code').fill(code);
  await guest.getByTestId('resident-login').click();
  const companies = guest.getByTestId('resident-companies');
  await expect(companies).toContainText(companyA);
  await expect(companies).toContainText(companyB);
  await companies.getByText(companyA, { exact: true }).click();
  await guest.getByTestId('resident-login').click();
  await expect(guest.getByTestId('resident-title')).toHaveText(companyA);
  // his two homes of company A: switching changes the home he acts as
  const select = guest.getByTestId('resident-home-select');
  await expect(select).toContainText(houses.records[0]!.name);
  await select.click();
  await guest
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: houses.records[1]!.name })
    .click();
  await expect(select).toContainText(houses.records[1]!.name);
  await staffB.context().close();
  await guest.context().close();
});
