import { expect, test } from './fixtures.ts';
import { api, idCard, login, pick, property, showAllFilters, vis } from './helpers.ts';

type List<T> = { records: T[]; total: number };
type House = {
  id: number;
  name: string;
  village_id: number;
  full_name: string;
  owner_name: string | null;
  owner_tel: string | null;
};

const formItem = (page: import('@playwright/test').Page, prop: string) =>
  page.getByTestId('form-dialog').getByTestId(`form-item-${prop}`);

test('报修: picking the house fills 小区, 报修人 and 联系电话', async ({ page }) => {
  await login(page, property);
  const houses = await api<List<House>>(page, '/Web/Basic/House/list', { size: 100 });
  const house = houses.records.find((h) => h.owner_name && h.owner_tel)!;
  expect(house).toBeTruthy();
  await page.goto('/Web/Repair/RepairManagement/listConfig');
  await expect(vis(page, 'list-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  await vis(page, 'toolbar-add').click();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
  await formItem(page, 'house_id')
    .getByRole('button', { name: /选\s*择/ })
    .click();
  // the picker is the house list, narrowed by its 房号 search
  const picker = page
    .locator('.ant-modal')
    .filter({ has: page.getByTestId('row-action-pick') })
    .last();
  await expect(picker.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await showAllFilters(picker.getByTestId('search-form'));
  await picker.locator('input#name').fill(house.name);
  await picker.getByTestId('search-submit').click();
  const row = picker.locator(`tr[data-row-key="${house.id}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('row-action-pick').click();
  await expect(formItem(page, 'house_id').locator('input')).toHaveValue(house.full_name);
  await expect(formItem(page, 'person_name').locator('input')).toHaveValue(house.owner_name!);
  await expect(formItem(page, 'tel').locator('input')).toHaveValue(house.owner_tel!);
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const village = villages.find((v) => v.value === house.village_id)!.label;
  await expect(formItem(page, 'village_id')).toContainText(village);
});

test('住户: the ID card fills 性别; Esc with typed changes asks before throwing them away', async ({ page }) => {
  await login(page, property, '/Web/Basic/GatePerson/listConfig');
  await expect(vis(page, 'list-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  await vis(page, 'toolbar-add').click();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
  // an even order code is a woman's, an odd one a man's
  await formItem(page, 'idcard').locator('input').fill(idCard('19900102', 124));
  await expect(formItem(page, 'sex')).toContainText('女');
  await formItem(page, 'idcard').locator('input').fill(idCard('19851231', 123));
  await expect(formItem(page, 'sex')).toContainText('男');

  await page.keyboard.press('Escape');
  const ask = page.locator('.ant-modal-confirm', { hasText: '有未保存的修改，确定要放弃吗？' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByTestId('form-dialog')).toBeVisible();
  await expect(formItem(page, 'idcard').locator('input')).toHaveValue(idCard('19851231', 123));
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '放弃修改' }).click();
  await expect(page.getByTestId('form-dialog')).toHaveCount(0);
});

test('房屋: one 楼栋 filter, 单元 chosen from the building, a floor above the building refused', async ({ page }) => {
  await login(page, property, '/Web/Basic/House/listConfig');
  await expect(vis(page, 'list-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expect(vis(page, 'search-form').locator('label', { hasText: /^楼栋$/ })).toHaveCount(1);

  type Building = { id: number; name: string; floors: number; units: number };
  const buildings = await api<List<Building>>(page, '/Web/Basic/Building/list', { size: 1 });
  const b = buildings.records[0]!;
  const units = await api<{ label: string; value: string }[]>(page, '/Web/Basic/Building/units', {
    building_id: b.id,
  });
  expect(units.length).toBe(b.units);

  await vis(page, 'toolbar-add').click();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
  const unit = formItem(page, 'unit_name');
  await expect(unit.locator('.ant-select')).toHaveClass(/ant-select-disabled/);
  const options = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Building/options');
  await pick(page, formItem(page, 'building_id'), options.find((o) => o.value === b.id)!.label);
  await expect(unit.locator('.ant-select')).not.toHaveClass(/ant-select-disabled/);
  await pick(page, unit, units[0]!.label);
  await formItem(page, 'floor')
    .locator('input')
    .fill(String(b.floors + 1));
  await formItem(page, 'name')
    .locator('input')
    .fill(`${b.floors + 1}09`);
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(`楼层不能超过楼栋“${b.name}”的楼层数 ${b.floors}`).first()).toBeVisible();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
});

test('关联车位: the space select shows the spaces taken in the period; the owner shows with the house', async ({
  page,
}) => {
  await login(page, property);
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const sunshine = villages.find((v) => v.label === '阳光花园')!.value;
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const taken = await api<{ id: number; owner: string; until: string | null }[]>(
    page,
    '/Web/Parking/Association/taken',
    { village_id: sunshine, start_date: today },
  );
  expect(taken.length).toBeGreaterThan(0);
  const spaces = await api<{ label: string; value: number }[]>(
    page,
    `/Web/Parking/Space/options?village_id=${sunshine}`,
  );
  const held = spaces.find((s) => s.value === taken[0]!.id)!;

  await page.goto('/Web/Parking/Space/listConfig');
  await vis(page, 'toolbar-parkingAssociate').click();
  const dialog = page.locator('.ant-modal:visible', { hasText: '关联车位' });
  await pick(page, dialog.getByTestId('assoc-village').locator('..'), '阳光花园');
  await dialog.getByTestId('assoc-space').click();
  await page.keyboard.type(held.label);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: held.label }).first();
  await expect(option).toContainText('已占用');
  await expect(option).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press('Escape');

  // the owner's name comes with the house, in the picker's choice and in the owner options
  await dialog.getByTestId('assoc-owner-choose').click();
  const picker = page.locator('.ant-modal:visible', { hasText: '选择业主' });
  const first = picker.locator('tbody tr[data-row-key]').first();
  await expect(first).toBeVisible();
  await first.getByTestId('row-action-pick').click();
  await expect(dialog.getByTestId('assoc-owner').locator('input')).toHaveValue(/（.+）$/);
  const owners = await api<{ label: string; value: number }[]>(
    page,
    `/Web/Basic/GatePerson/options?village_id=${sunshine}`,
  );
  expect(owners.some((o) => /^.+（.+幢.+）$/.test(o.label))).toBe(true);
});
