import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import type { DeviceCommandsReply } from '@5a/contracts/endpoints/access';
import { api, deviceCall, login, pick, property, vis } from './helpers.ts';

type Option = { label: string; value: number | string };
type Rows<T> = { records: T[] };
/** the open screen (kept-alive tabs keep others mounted behind it) */
const screen = (page: Page, route: string) => page.getByTestId(`page-${route}`);
const PERSONS = '/Web/Basic/GatePerson/listConfig';
const DEVICES = '/Web/Internet/AccessControlManagement/listConfig';

/** 住户管理 searched by a name */
const findPerson = async (page: Page, name: string) => {
  await page.goto(PERSONS);
  const s = screen(page, PERSONS);
  await s.getByTestId('search-form').getByLabel('姓名').fill(name);
  await s.getByTestId('search-submit').click();
  const row = s.getByTestId('list-table').locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  return row;
};

const FACE = `data:image/png;base64,${Buffer.from('e2e-face').toString('base64')}`;

/**
 * What the door does with a push, played by a script: it gets a signing key (重置密钥), fetches its commands once the
 * job runner has readied them, and reports each one done.
 */
const doorTakesCommands = async (page: Page, id: number) => {
  const door = await api<{ gateno: string; secret: string }>(
    page,
    '/Web/Internet/AccessControlManagement/resetSecret',
    {
      id,
    },
  );
  const key = { code: door.gateno, secret: door.secret };
  let commands: DeviceCommandsReply['commands'] = [];
  await expect
    .poll(
      async () => (commands = (await deviceCall<DeviceCommandsReply>(page, 'commands', key, {})).data.commands).length,
      {
        timeout: budget(10_000),
      },
    )
    .toBeGreaterThan(0);
  for (const c of commands) expect((await deviceCall(page, 'commandResult', key, { sync_id: c.sync_id })).code).toBe(0);
};

/**
 * 名单差异 → 核对 → 推送差异 for every device it lists, until it lists none: the job runner readies each push, the door
 * fetches and does it, and the panel shows 名单一致 once the door has reported.
 */
const pushAll = async (page: Page) => {
  await page.goto(DEVICES);
  await vis(page, 'toolbar-accessFaceGaps').click();
  const gaps = page.getByTestId('face-gaps');
  await expect(gaps).toBeVisible();
  for (let i = 0; i < 12; i++) {
    // the list as loaded now: a device to open, or none left
    await expect(
      gaps.locator('[data-testid^="gap-open-"]').or(gaps.getByText('所有设备名单一致')).first(),
    ).toBeVisible();
    const open = gaps.locator('[data-testid^="gap-open-"]').first();
    if (!(await open.count())) break;
    const id = Number((await open.getAttribute('data-testid'))!.replace('gap-open-', ''));
    await open.click();
    await page.getByTestId('face-push').click();
    await expect(page.getByTestId('face-check')).toContainText('待设备领取', { timeout: budget(10_000) });
    await doorTakesCommands(page, id);
    await expect(page.getByTestId('face-status')).toHaveText('名单一致', { timeout: budget(15_000) });
    await page.getByRole('button', { name: '返回列表' }).click();
    await expect(gaps).toBeVisible();
  }
  await expect(gaps).toContainText('所有设备名单一致');
  await page.keyboard.press('Escape');
};

test('人脸核对: a resident moved out shows 待移除 on every door holding him; 推送差异 leaves them clean', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const tag = String(Date.now()).slice(-6);
  const name = `脸测${tag}`;
  await login(page, property);

  // a new resident of 阳光花园 who consents to his face being used: every door of his village should hold him
  const villages = await api<Option[]>(page, '/Web/Basic/Village/options');
  const sunshine = Number(villages.find((v) => v.label === '阳光花园')!.value);
  const house = (await api<Rows<{ id: number }>>(page, '/Web/Basic/House/list', { village_id: sunshine, size: 1 }))
    .records[0]!;
  const { id } = await api<{ id: number }>(page, '/Web/Basic/GatePerson/add', {
    row: { house_id: house.id, name, status: 1, is_livein: 1 },
  });
  await api(page, '/Web/Basic/GatePerson/faceConsent', {
    person_id: id,
    face_img: FACE,
    purpose: '小区门禁人脸识别通行',
    consented_by: name,
  });
  const terminals = (
    await api<Rows<{ id: number; gateno: string; village_id: number; device_type: number }>>(
      page,
      '/Web/Internet/AccessControlManagement/list',
      { village_id: sunshine, device_type: 2 },
    )
  ).records.filter((d) => Number(d.village_id) === sunshine && Number(d.device_type) === 2);
  expect(terminals.length).toBeGreaterThanOrEqual(2);

  // his 人脸与门禁凭证 shows the consent; the doors then take him (and whatever else was out of step)
  await (await findPerson(page, name)).locator('input[type="checkbox"]').check();
  await vis(page, 'toolbar-personAccessPass').click();
  await expect(page.getByTestId('face-consent')).toContainText('小区门禁人脸识别通行');
  await page.keyboard.press('Escape');
  await pushAll(page);

  // he moves out (是否入住 off in his form)
  await (await findPerson(page, name)).getByTestId('row-action-edit').click();
  const form = page.getByTestId('form-dialog');
  await form.getByTestId('form-item-is_livein').getByRole('switch').click();
  await page.getByTestId('form-submit').click();
  await expect(form).toBeHidden();

  // at once every face terminal of the village lists him 待移除
  await page.goto(DEVICES);
  await vis(page, 'toolbar-accessFaceGaps').click();
  const gaps = page.getByTestId('face-gaps');
  for (const t of terminals) {
    await gaps.getByTestId(`gap-open-${t.id}`).click();
    await expect(page.getByTestId('face-extra')).toContainText(name);
    await expect(page.getByTestId('face-missing')).not.toContainText(name);
    await page.getByRole('button', { name: '返回列表' }).click();
  }
  await page.keyboard.press('Escape');

  // pushed, they are clean and the company-wide view lists nothing
  await pushAll(page);
  await screen(page, DEVICES)
    .getByTestId('list-table')
    .locator('tbody tr', { hasText: terminals[0]!.gateno })
    .first()
    .locator('input[type="checkbox"]')
    .check();
  await vis(page, 'toolbar-accessFaceCheck').click();
  await expect(page.getByTestId('face-status')).toHaveText('名单一致');
  await expect(page.getByTestId('face-check')).toContainText('已完成');
});

test('刷新人脸 on a door’s row resends its list page by page under the progress mask; the door fetches every page', async ({
  page,
}) => {
  test.setTimeout(budget(60_000));
  await login(page, property);
  const devices = await api<Rows<{ id: number; name: string; gateno: string; device_type: number }>>(
    page,
    '/Web/Internet/AccessControlManagement/list',
    { size: 50 },
  );
  const door = devices.records.find((d) => d.device_type === 2)!;
  // each page answers a little late, so the mask can be seen at work
  await page.route('**/refreshFace', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.goto(DEVICES);
  const row = screen(page, DEVICES).getByTestId('list-table').locator('tbody tr', { hasText: door.gateno }).first();
  await row.getByTestId('row-action-faceRefresh').click();
  const form = page.getByTestId('face-refresh-form');
  await expect(form).toContainText(door.gateno);
  await pick(page, form, '30');
  await page.getByTestId('face-refresh-submit').click();
  await expect(page.getByTestId('face-refresh-mask')).toContainText('数据更新中，请勿中断...');
  await expect(page.getByText('更新成功')).toBeVisible({ timeout: budget(15_000) });
  await expect(page.getByTestId('face-refresh-mask')).toHaveCount(0);

  // the pages wait for the door; it takes them all and the console shows it done
  await doorTakesCommands(page, door.id);
  const check = await api<{ missing: unknown[]; extra: unknown[]; last_sync_state: string }>(
    page,
    '/Web/Internet/AccessControlManagement/faceCheck',
    { id: door.id },
  );
  expect(check).toMatchObject({ missing: [], extra: [], last_sync_state: 'done' });
});

test('员工的人脸与门禁凭证: a staff member gets a door card and a dynamic QR code in the dialog', async ({ page }) => {
  await login(page, property);
  const WORKERS = '/Web/Basic/Worker/listConfig';
  await page.goto(WORKERS);
  const s = screen(page, WORKERS);
  const row = s.getByTestId('list-table').locator('tbody tr', { hasText: '李师傅' }).first();
  await row.locator('input[type="checkbox"]').check();
  await vis(page, 'toolbar-workerAccessPass').click();
  const dialog = page.getByTestId('person-access');
  await expect(dialog).toContainText('李师傅');
  await dialog.getByTestId('card-input').fill('E2E-STAFF-1');
  await dialog.getByTestId('card-save').click();
  await expect(page.getByText('门禁卡号已保存')).toBeVisible();
  await dialog.getByTestId('qr-show').click();
  await expect(dialog.locator('canvas')).toBeVisible();
  await expect(dialog).toContainText('有效至');
  // saved on the server: the dialog opened again shows the card
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await vis(page, 'toolbar-workerAccessPass').click();
  await expect(page.getByTestId('card-input')).toHaveValue('E2E-STAFF-1');
});
