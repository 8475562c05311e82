import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, login, property, tableRow } from './helpers.ts';

type Person = { id: number; name: string; status: number; tags: string };
type Page1 = { records: Person[]; total: number };
const LIST = '/Web/Basic/GatePerson/list?tab_type=owner';

/** An owner whose name no other owner shares, so the search shows exactly that row (and who passes `fits`). */
const uniqueOwner = async (page: Page, filter: Record<string, unknown>, fits = (_p: Person) => true) => {
  const candidates = (await api<Page1>(page, LIST, { ...filter, size: 30 })).records.filter(fits);
  for (const p of candidates) if ((await api<Page1>(page, LIST, { name: p.name })).total === 1) return p;
  throw new Error('no owner with a unique name');
};

const searchByName = async (page: Page, name: string) => {
  await page.getByTestId('search-form').getByLabel('姓名').fill(name);
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('list-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
};

test.describe('住户管理: review and tags', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, property);
  });

  test('a resident awaiting review shows 审核; refusing and approving through the dialog shows in the list', async ({
    page,
  }) => {
    const waiting = await uniqueOwner(page, { status: '0' });
    await page.goto('/Web/Basic/GatePerson/listConfig');
    await searchByName(page, waiting.name);
    const row = tableRow(page, waiting.name);
    await expect(row).toContainText('待审核');
    await row.getByTestId('row-action-review').click();
    const dialog = page.getByTestId('review-dialog');
    await expect(dialog.locator('input[disabled]')).toHaveValue(waiting.name);
    // the first choice is 已通过; refuse instead
    await expect(dialog.getByLabel('已通过')).toBeChecked();
    await dialog.getByLabel('已驳回').check();
    await page.getByTestId('review-submit').click();
    await expect(page.getByText('审核成功')).toBeVisible();
    await expect(row).toContainText('已驳回');
    await expect(row.getByTestId('row-action-review')).toHaveCount(0);
    expect((await api<Page1>(page, LIST, { name: waiting.name })).records[0]!.status).toBe(2);

    // the next one waiting, approved with the dialog's first choice
    const second = await uniqueOwner(page, { status: '0' });
    await searchByName(page, second.name);
    await tableRow(page, second.name).getByTestId('row-action-review').click();
    await expect(page.getByTestId('review-dialog').locator('input[disabled]')).toHaveValue(second.name);
    await page.getByTestId('review-submit').click();
    await expect(tableRow(page, second.name)).toContainText('已通过');
    await expect(tableRow(page, second.name).getByTestId('row-action-review')).toHaveCount(0);
    expect((await api<Page1>(page, LIST, { name: second.name })).records[0]!.status).toBe(1);
  });

  test('住户标签 sets the tags of the selected resident; the detail and the dialog show them', async ({ page }) => {
    // one without tags: the dialog starts from a resident's tags, and the demo gives some of them tags already
    const person = await uniqueOwner(page, { status: '1' }, (p) => !p.tags);
    await page.goto('/Web/Basic/GatePerson/listConfig');
    await searchByName(page, person.name);
    const row = tableRow(page, person.name);
    await expect(page.getByTestId('toolbar-ownerTags')).toBeDisabled();
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('toolbar-ownerTags').click();
    const dialog = page.getByTestId('tags-dialog');
    await expect(dialog).toContainText('1 位住户');
    await dialog.getByLabel('独居老人').check();
    await dialog.getByLabel('党员').check();
    await page.getByTestId('tags-submit').click();
    await expect(dialog).toBeHidden();
    expect((await api<Page1>(page, LIST, { name: person.name })).records[0]!.tags).toBe('2,4');

    await tableRow(page, person.name).getByTestId('row-action-detail').click();
    const detail = page.getByTestId('form-dialog');
    await expect(detail).toContainText('独居老人');
    await expect(detail).toContainText('党员');
    await expect(detail).not.toContainText('残障人士');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // reopened, the dialog starts from the resident's tags
    await tableRow(page, person.name).locator('input[type="checkbox"]').check();
    await page.getByTestId('toolbar-ownerTags').click();
    await expect(page.getByTestId('tags-dialog').getByLabel('党员')).toBeChecked();
    await expect(page.getByTestId('tags-dialog').getByLabel('独居老人')).toBeChecked();
    await expect(page.getByTestId('tags-dialog').getByLabel('残障人士')).not.toBeChecked();
  });
});
