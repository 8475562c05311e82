import { expect, test } from './fixtures.ts';
import { api, idCard, login, pick, property, vis } from './helpers.ts';

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
  await login(page, property);
  await page.goto('/Web/Basic/GatePerson/listConfig');
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
  await login(page, property);
  await page.goto('/Web/Basic/House/listConfig');
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
