import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import QRCode from 'qrcode';
import { api, login, pick, property, tableRow, vis } from './helpers.ts';

const LIST = '/Web/Internet/IntellPoint/listConfig';
type List<T> = { records: T[] };
type Point = { id: number; name: string };

const pointOf = async (page: Page, name: string) =>
  (await api<List<Point>>(page, '/Web/Internet/IntellPoint/list', { name, size: 1 })).records[0]!;

/**
 * The label's image decodes to the point's H5 link: each module of the code the link encodes (error correction M,
 * one module of margin, 300 px) is read back from the image's pixels at its centre.
 */
const expectQrOf = async (print: Page, id: number) => {
  const link = `${new URL(print.url()).origin}/h5/patrol?point=${id}`;
  const img = print.locator(`[data-testid="patrol-qr-img"][data-qr-text="${link}"]`);
  await expect(img).toBeVisible();
  expect(await img.evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight, i.width])).toEqual([
    300, 300, 300,
  ]);
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const scale = 300 / (n + 2);
  const centres = Array.from({ length: n * n }, (_, k) => [
    Math.floor((1 + (k % n) + 0.5) * scale),
    Math.floor((1 + Math.floor(k / n) + 0.5) * scale),
  ]);
  const dark = await img.evaluate((i: HTMLImageElement, points: number[][]) => {
    const c = document.createElement('canvas');
    c.width = c.height = 300;
    const g = c.getContext('2d')!;
    g.drawImage(i, 0, 0);
    const px = g.getImageData(0, 0, 300, 300).data;
    return points.map(([x, y]) => px[(y! * 300 + x!) * 4]! < 128);
  }, centres);
  expect(dark).toEqual(Array.from(modules.data, (m) => !!m));
};

test('a point made in the browser prints its QR label; a batch tiles A4 sheets', async ({ page }) => {
  test.setTimeout(budget(90_000));
  await login(page, property, LIST);
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  await page.getByTestId('form-submit').click();
  await expect(form.getByText('请输入点位名称')).toBeVisible();
  await pick(page, form.getByTestId('form-item-village_id'), '阳光花园');
  await form.getByTestId('form-item-name').locator('input').fill('e2e 东门岗亭');
  await form.getByTestId('form-item-point_no').locator('input').fill('E2E-QR-001');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  const point = await pointOf(page, 'e2e 东门岗亭');

  // 二维码 opens the label in a new tab, titled by the point's name
  await vis(page, 'search-form').getByLabel('点位名称').fill('e2e 东门岗亭');
  await vis(page, 'search-submit').click();
  await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  const [single] = await Promise.all([
    page.waitForEvent('popup'),
    tableRow(page, 'e2e 东门岗亭').getByTestId('row-action-patrolQr').click(),
  ]);
  await expect(single).toHaveURL(new RegExp(`/print/patrol-qr\\?ids=${point.id}$`));
  await expect(single.getByTestId('patrol-qr-label')).toHaveCount(1);
  await expect(single.getByRole('heading', { name: 'e2e 东门岗亭' })).toBeVisible();
  await expect(single.getByTestId('patrol-qr-label')).toContainText('E2E-QR-001');
  await expect(single.getByTestId('patrol-qr-label')).toContainText('阳光花园');
  await expectQrOf(single, point.id);
  await expect(single).toHaveTitle('e2e 东门岗亭');
  await expect(single.getByTestId('patrol-qr-print')).toBeEnabled();
  await single.close();

  // 批量打印二维码: five points, four to a sheet
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const village = villages.find((v) => v.label === '阳光花园')!.value;
  for (let i = 2; i <= 5; i++)
    await api(page, '/Web/Internet/IntellPoint/add', {
      row: { village_id: village, name: `e2e 巡更点${i}`, point_no: `E2E-QR-00${i}`, point_type: '2', state: 1 },
    });
  await page.goto(LIST);
  await vis(page, 'search-form').getByLabel('点位名称').fill('e2e');
  await vis(page, 'search-submit').click();
  await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row')).toHaveCount(5);
  await expect(vis(page, 'toolbar-patrolQrPrint')).toBeDisabled();
  await vis(page, 'list-table').locator('thead input[type="checkbox"]').check();
  const [batch] = await Promise.all([page.waitForEvent('popup'), vis(page, 'toolbar-patrolQrPrint').click()]);
  await expect(batch.getByTestId('patrol-qr-sheet')).toHaveCount(2);
  await expect(batch.getByTestId('patrol-qr-sheet').first().getByTestId('patrol-qr-label')).toHaveCount(4);
  await expect(batch.getByTestId('patrol-qr-img')).toHaveCount(5);
  await expectQrOf(batch, point.id);
  await expect(batch.getByTestId('patrol-qr-print')).toBeEnabled();

  // as printed: the toolbar hides, each sheet is an A4 page
  await batch.setViewportSize({ width: 820, height: 1160 });
  await batch.emulateMedia({ media: 'print' });
  await expect(batch.getByTestId('patrol-qr-print')).toBeHidden();
  const sheet = await batch.getByTestId('patrol-qr-sheet').first().boundingBox();
  // 210 mm at 96 dpi
  expect(Math.round(sheet!.width)).toBe(794);
  await batch.screenshot({ path: 'test-results/patrol-qr-print.png', fullPage: true });
});

test('the print page needs a session, and refuses points the user cannot see', async ({ page }) => {
  await page.goto('/print/patrol-qr?ids=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprint%2Fpatrol-qr%3Fids%3D1/);
  await login(page, property);
  await page.goto('/print/patrol-qr?ids=2147483000');
  await expect(page.getByText('数据不存在')).toBeVisible();
});
