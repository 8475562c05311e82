import { expect, test } from './fixtures.ts';
import { login, property, showAllFilters, vis } from './helpers.ts';

const WORKERS = '/Web/Basic/Worker/listConfig';
/** SHOT_TAG=1 writes the screen's screenshots for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

test('员工: an edit shows on the record’s 历史 tab (who, 修改, 备注 before → after) and in 操作日志', async ({
  page,
}) => {
  const remark = `审计备注${Date.now() % 100000}`;
  await login(page, property, WORKERS);
  const row = vis(page, 'list-table').locator('tbody tr[data-row-key]').last();
  await expect(row).toBeVisible();
  const id = await row.getAttribute('data-row-key');
  await row.getByTestId('row-action-edit').click();
  const dialog = page.getByTestId('form-dialog');
  await expect(dialog.getByTestId('form-item-remark').locator('textarea')).toBeVisible();
  await dialog.getByTestId('form-item-remark').locator('textarea').fill(remark);
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('修改成功!')).toBeVisible();
  await expect(page.getByTestId('form-dialog')).toHaveCount(0);

  await vis(page, 'list-table').locator(`tbody tr[data-row-key="${id}"]`).getByTestId('row-action-detail').click();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
  await page.getByRole('tab', { name: '历史' }).click();
  const history = page.getByTestId('record-history');
  const edit = history.locator('tbody tr', { hasText: remark });
  await expect(edit).toBeVisible();
  await expect(edit).toContainText('property');
  await expect(edit).toContainText('修改');
  await expect(edit).toContainText(`备注：`);
  if (SHOT) await page.screenshot({ path: 'docs/screenshots/record-history.png' });

  // the same entry on 操作日志, found by the record's id
  await page.goto('/System/AuditLog/index');
  const search = vis(page, 'search-form');
  await showAllFilters(search);
  await search.locator('input#record_id').fill(String(id));
  await search.getByTestId('search-submit').click();
  await expect(vis(page, 'list-table').locator('tbody tr', { hasText: '员工' }).first()).toBeVisible();
});
