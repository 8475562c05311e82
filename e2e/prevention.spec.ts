import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, deviceCall, login, property, showAllFilters, vis } from './helpers.ts';

type Option = { label: string; value: number | string };
type Rows<T> = { records: T[] };
const PERSONS = '/Web/Basic/GatePerson/listConfig';
const PROTECTION = '/Web/Epidemic/Protection/listConfig';
const DEVICES = '/Web/Internet/AccessControlManagement/listConfig';
/** the open screen (kept-alive tabs keep others mounted behind it) */
const screen = (page: Page, route: string) => page.getByTestId(`page-${route}`);

/** a list screen searched by a resident's name: his one row */
const rowOf = async (page: Page, route: string, name: string) => {
  await page.goto(route);
  const s = screen(page, route);
  const form = s.getByTestId('search-form');
  await showAllFilters(form);
  // by placeholder: a kept-alive list behind this one has a search input of the same id, which its label names
  await form.getByPlaceholder('姓名').fill(name);
  await s.getByTestId('search-submit').click();
  const row = s.getByTestId('list-table').locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  return row;
};

test('防控: tag a resident, the form follows the rules, a red code isolates him and his door lists him to remove', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const tag = String(Date.now()).slice(-6);
  const name = `防控${tag}`;
  await login(page, property);

  // a resident of 阳光花园 with a door card, and a door controller of the village that holds its whole list
  const villages = await api<Option[]>(page, '/Web/Basic/Village/options');
  const sunshine = Number(villages.find((v) => v.label === '阳光花园')!.value);
  const house = (await api<Rows<{ id: number }>>(page, '/Web/Basic/House/list', { village_id: sunshine, size: 1 }))
    .records[0]!;
  const { id } = await api<{ id: number }>(page, '/Web/Basic/GatePerson/add', {
    row: { house_id: house.id, name, status: 1, is_livein: 1, gate_card_id: `E2E-${tag}` },
  });
  const door = await api<{ id: number; gateno: string; secret: string }>(
    page,
    '/Web/Internet/AccessControlManagement/addDevice',
    { village_id: sunshine, name: `防控门${tag}`, gateno: `PREV-${tag}`, device_type: 1, direction: 1, status: 1 },
  );
  const before = await api<{ missing: { face_id: string }[] }>(
    page,
    '/Web/Internet/AccessControlManagement/faceCheck',
    {
      id: door.id,
    },
  );
  expect(before.missing.map((m) => m.face_id)).toContain(`F${id}`);
  const reported = await deviceCall(
    page,
    'faces',
    { code: door.gateno, secret: door.secret },
    {
      faces: before.missing.map((m) => m.face_id),
    },
  );
  expect(reported.code, reported.msg).toBe(0);

  // 住户管理: 住户标签 → 防疫重点人员
  await (await rowOf(page, PERSONS, name)).locator('input[type="checkbox"]').check();
  await vis(page, 'toolbar-ownerTags').click();
  const tags = page.getByTestId('tags-dialog');
  await tags.getByLabel('防疫重点人员').check();
  await page.getByTestId('tags-submit').click();
  await expect(tags).toBeHidden();

  // 防控名单 lists him green; 防控 opens with his tags
  let row = await rowOf(page, PROTECTION, name);
  await expect(row.getByTestId('health-code')).toHaveAttribute('data-color', 'green');
  await row.getByTestId('row-action-epidemicControl').click();
  const form = page.getByTestId('control-form');
  await expect(form.getByLabel('防疫重点人员')).toBeChecked();
  const health = form.getByTestId('control-health');
  const pass = form.getByTestId('control-pass');
  await expect(health).toBeVisible();
  await expect(form.getByLabel('隔离开始')).toHaveCount(0);
  // without the prevention tag there is no health or passage
  await form.getByLabel('防疫重点人员').uncheck();
  await expect(health).toHaveCount(0);
  await expect(pass).toHaveCount(0);
  await form.getByLabel('防疫重点人员').check();
  await expect(health).toBeVisible();

  // yellow: normal becomes home isolation, 正常通行 is disabled, the dates appear
  await health.getByLabel('黄码').check();
  await expect(pass.getByLabel('居家隔离')).toBeChecked();
  await expect(pass.getByLabel('正常通行')).toBeDisabled();
  await expect(form.getByLabel('隔离开始')).toBeVisible();
  // green: normal again, the dates go
  await health.getByLabel('绿码').check();
  await expect(pass.getByLabel('正常通行')).toBeChecked();
  await expect(pass.getByLabel('禁止通行')).toBeDisabled();
  await expect(form.getByLabel('隔离开始')).toHaveCount(0);
  // red: home isolation, and the dates are required
  await health.getByLabel('红码').check();
  await expect(pass.getByLabel('居家隔离')).toBeChecked();
  await expect(pass.getByLabel('正常通行')).toBeDisabled();
  await page.getByTestId('control-submit').click();
  await expect(form).toContainText('请选择隔离开始日期');
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('隔离开始').fill(today);
  await form.getByLabel('隔离开始').press('Enter');
  await form.getByLabel('隔离结束').fill(end);
  await form.getByLabel('隔离结束').press('Enter');
  await page.getByTestId('control-submit').click();
  await expect(form).toBeHidden({ timeout: budget(10_000) });

  // the list: a red slot, home isolation, the dates
  row = screen(page, PROTECTION).getByTestId('list-table').locator('tbody tr', { hasText: name });
  await expect(row.getByTestId('health-code')).toHaveAttribute('data-color', 'red');
  await expect(row).toContainText('居家隔离');
  await expect(row).toContainText(end);

  // his door lists him to remove at once
  await page.goto(DEVICES);
  await screen(page, DEVICES)
    .getByTestId('list-table')
    .locator('tbody tr', { hasText: door.gateno })
    .locator('input[type="checkbox"]')
    .check();
  await vis(page, 'toolbar-accessFaceCheck').click();
  await expect(page.getByTestId('face-extra')).toContainText(name, { timeout: budget(10_000) });
  await expect(page.getByTestId('face-missing')).not.toContainText(name);
  await page.keyboard.press('Escape');
  await api(page, '/Web/Internet/AccessControlManagement/del', { id: door.id });
});

test('关爱规则 and 数据保留: the company switches care on per tag and sets how long health details are kept', async ({
  page,
}) => {
  await login(page, property, PROTECTION);
  await vis(page, 'toolbar-careRules').click();
  const rules = page.getByTestId('care-rules');
  const elderly = rules.locator('tr', { hasText: '独居老人' });
  await expect(elderly.getByRole('switch')).toBeChecked();
  const party = rules.locator('tr', { hasText: '党员' });
  await expect(party.getByRole('switch')).not.toBeChecked();
  await party.getByRole('switch').click();
  await party.getByRole('spinbutton').fill('72');
  await page.getByTestId('care-submit').click();
  await expect(rules).toBeHidden();
  const saved = await api<{ tag: string; enabled: boolean; hours: number }[]>(
    page,
    `${PROTECTION.replace('/listConfig', '')}/careRulesOf`,
  );
  expect(saved.find((r) => r.tag === '4')).toMatchObject({ enabled: true, hours: 72 });

  await vis(page, 'toolbar-preventionRetention').click();
  const retention = page.getByTestId('retention-form');
  await expect(retention.getByRole('spinbutton')).toHaveValue('30');
  await retention.getByRole('spinbutton').fill('45');
  await page.getByTestId('retention-submit').click();
  await expect(retention).toBeHidden();
  expect(await api(page, `${PROTECTION.replace('/listConfig', '')}/retentionOf`)).toEqual({ retention_days: 45 });
});
