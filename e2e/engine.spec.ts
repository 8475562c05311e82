import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { api, confirmDialog, login, pressUntilGone, property, sideMenuTitles, staff, tableRow } from './helpers.ts';

/** Every test gets its own prefix so they do not see each other's rows. */
const seedPosts = async (page: Page, prefix: string, n: number) => {
  for (let i = 1; i <= n; i++)
    await api(page, '/System/Post/add', {
      row: { name: `${prefix}${String(i).padStart(2, '0')}`, code: `${prefix}${i}` },
    });
};

const search = async (page: Page, name: string) => {
  await page.getByTestId('search-form').getByLabel('岗位名称').fill(name);
  await page.getByTestId('search-submit').click();
};

const rows = (page: Page) => page.getByTestId('list-table').locator('tbody tr.ant-table-row');

test.describe('generic list page on a system screen', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, property);
  });

  test('search, paginate, add with a rule error then success, edit, delete', async ({ page }) => {
    // a retried attempt names its rows apart: the first attempt's rows are already in
    const tag = test.info().retry ? `重巡检${test.info().retry}岗` : '巡检岗';
    await seedPosts(page, tag, 12);
    await page.goto('/System/Post/index');
    await search(page, tag);
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByTestId('pagination')).toContainText('12');
    await page.getByTestId('pagination').getByTitle('2').click();
    await expect(rows(page)).toHaveCount(2);

    await page.getByTestId('toolbar-add').click();
    // a press while the dialog still animates in may not take on a loaded machine: press until the rule answers
    await expect(async () => {
      await page.getByTestId('form-submit').click({ timeout: 2000 });
      await expect(page.getByTestId('form-dialog').getByText('请输入岗位名称')).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: budget(15_000) });
    await page.getByTestId('form-item-name').locator('input').fill('夜班巡检');
    await page.getByTestId('form-submit').click();
    await expect(page.getByText('保存成功!')).toBeVisible();

    await search(page, '夜班巡检');
    await expect(rows(page)).toHaveCount(1);
    await tableRow(page, '夜班巡检').getByTestId('row-action-edit').click();
    await page.getByTestId('form-item-name').locator('input').fill('夜班巡检员');
    await page.getByTestId('form-submit').click();
    await expect(page.getByText('修改成功!')).toBeVisible();
    await search(page, '夜班巡检员');
    await expect(rows(page)).toHaveCount(1);

    await tableRow(page, '夜班巡检员').getByTestId('row-action-delete').click();
    await expect(page.getByText('确定要删除该数据吗？')).toBeVisible();
    await confirmDialog(page);
    await expect(page.getByText('删除成功!')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
  });

  test('batch delete asks with the count; drag sort saves the order', async ({ page }) => {
    await seedPosts(page, '批量岗', 3);
    await page.goto('/System/Post/index');
    await search(page, '批量岗');
    await expect(page.getByTestId('toolbar-batchDelete')).toBeDisabled();
    for (const name of ['批量岗01', '批量岗02']) await tableRow(page, name).locator('input[type="checkbox"]').check();
    await page.getByTestId('toolbar-batchDelete').click();
    await expect(page.getByText('确定要删除这2条数据吗?')).toBeVisible();
    await confirmDialog(page);
    await expect(page.getByText('删除成功!')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);

    await page.getByTestId('search-reset').click();
    await page.getByTestId('toolbar-drag').click();
    const items = page.getByTestId('drag-dialog').locator('[data-testid^="drag-item-"]');
    await expect(items.first()).toBeVisible();
    const before = await items.allInnerTexts();
    await items.first().dragTo(items.last());
    const after = await items.allInnerTexts();
    expect(after).not.toEqual(before);
    await page.getByTestId('drag-save').click();
    await expect(page.getByText('保存成功!')).toBeVisible();
    const saved = await api<{ title: string }[]>(page, '/System/Post/sortList');
    // each dialog item shows its title (with its position); the saved order is the dialog's
    expect(saved).toHaveLength(after.length);
    after.forEach((text, i) => expect(text).toContain(saved[i]!.title));
  });

  test('export downloads a spreadsheet that opens with the rows', async ({ page }) => {
    // a retried attempt names its rows apart: the first attempt's rows are already in
    const tag = test.info().retry ? `重导出${test.info().retry}岗` : '导出岗';
    await seedPosts(page, tag, 3);
    await page.goto('/System/Post/index');
    await search(page, tag);
    await page.getByTestId('toolbar-export').click();
    await expect(page.getByText('确定要导出全部数据吗？')).toBeVisible();
    const download = page.waitForEvent('download');
    const confirm = page.getByTestId('export-confirm');
    await pressUntilGone(
      confirm,
      page.locator('.ant-modal', { has: confirm }).getByRole('button', { name: /确\s*定/ }),
    );
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^岗位_\d{14}\.xlsx$/);
    await expect(page.getByText('导出成功')).toBeVisible();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('岗位名称');
    const names: string[] = [];
    sheet.eachRow((r, i) => {
      if (i > 1) names.push(String(r.getCell(header.indexOf('岗位名称') + 1).value));
    });
    expect(names.sort()).toEqual([`${tag}01`, `${tag}02`, `${tag}03`]);
  });

  test('import: template → filled → a bad row names itself and writes nothing → fixed file goes in', async ({
    page,
  }) => {
    // a retried attempt names its rows apart: the first attempt's rows may already be in
    const tag = test.info().retry ? `重导${test.info().retry}岗` : '导入岗';
    await page.goto('/System/Post/index');
    await page.getByTestId('toolbar-import').click();
    await expect(page.getByTestId('import-dialog')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(readFileSync(await (await download).path()) as unknown as ArrayBuffer);
    const header = (template.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain('*岗位名称');

    const fill = async (names: string[]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('导入');
      ws.addRow(header);
      for (const n of names) ws.addRow(header.map((h) => (h === '*岗位名称' ? n : h === '状态' ? '正常' : null)));
      return new Uint8Array(await wb.xlsx.writeBuffer());
    };
    const upload = async (buffer: Uint8Array) =>
      page
        .getByTestId('import-dialog')
        .locator('input[type="file"]')
        .setInputFiles({
          name: '岗位.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(buffer),
        });

    await upload(await fill([`${tag}A`, '', `${tag}C`]));
    await expect(page.getByTestId('import-errors')).toContainText('请输入岗位名称');
    await expect(page.getByTestId('import-errors')).toContainText('3');
    expect((await api<{ total: number }>(page, '/System/Post/list', { name: tag })).total).toBe(0);

    await upload(await fill([`${tag}A`, `${tag}B`, `${tag}C`]));
    await expect(page.getByTestId('import-result')).toContainText('3');
    await page.getByTestId('import-close').click();
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await search(page, tag);
    await expect(rows(page)).toHaveCount(3);
  });

  test('permission assignment changes what the staff user sees', async ({ page, browser }) => {
    // other specs rely on the seeded staff role: put it back afterwards
    const roles = await api<{ records: { id: number; name: string }[] }>(page, '/System/Role/list', {
      name: '维修巡更员',
    });
    const roleId = roles.records[0]!.id;
    const original = await api<{ menuIdList: number[]; resourcelist: string[] }>(page, '/System/Role/roleMenu', {
      id: roleId,
    });
    await page.goto('/System/Role/index');
    await tableRow(page, '维修巡更员').getByTestId('row-action-assignAuth').click();
    const tree = page.getByTestId('perm-tree');
    await expect(tree.getByText('岗位管理')).toBeVisible({ timeout: budget(10_000) });
    // the role's grants load checked; changes count only after that first load
    await expect(tree.locator('.ant-tree-checkbox-checked').first()).toBeVisible();
    await page.waitForTimeout(800);
    await tree.locator('.ant-tree-treenode', { hasText: '岗位管理' }).locator('.ant-tree-checkbox').click();
    await page.getByTestId('perm-save').click();
    await expect(page.getByText('保存成功!')).toBeVisible();

    const staffPage = await (await browser.newContext()).newPage();
    await login(staffPage, staff);
    expect(await sideMenuTitles(staffPage)).toEqual(['工作台', '报修管理', '巡更管理', '系统设置']);
    await staffPage.goto('/System/Post/index');
    await expect(staffPage.getByTestId('list-table')).toBeVisible();
    await expect(staffPage.getByTestId('toolbar-add')).toBeVisible();
    await api(page, '/System/Role/rolePermissionSave', {
      id: roleId,
      menu: original.menuIdList,
      resource: original.resourcelist,
    });
  });
});
