import { readFile } from 'node:fs/promises';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { budget, expect, test } from './fixtures.ts';
import { login, property } from './helpers.ts';

/** SHOT_TAG=1 writes the screen's screenshot for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;
const PAGE = '/Web/Setting/DataExport/index';

/** the zip's entries by name, and one entry's text */
const readZip = async (buf: Buffer) => {
  const file: ZipFile = await fromBufferPromise(buf, { lazyEntries: true });
  const entries = new Map<string, Entry>();
  for await (const e of file.eachEntry()) entries.set(e.fileName, e);
  const text = async (name: string) => {
    const stream = await file.openReadStreamPromise(entries.get(name)!);
    const chunks: Buffer[] = [];
    for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks).toString('utf8');
  };
  return { names: [...entries.keys()], text };
};

test('数据导出: the super administrator exports every table, sees it reach 100 % and downloads the zip', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  await login(page, property, PAGE);
  const start = page.getByTestId('company-export-start');
  await expect(start).toBeEnabled();
  await start.click();
  // the run is queued as a job; the page polls it until the zip is there
  const done = page.getByTestId('company-export-done');
  await expect(done).toBeVisible({ timeout: budget(90_000) });
  await expect(done.getByRole('progressbar')).toContainText('100%');
  await expect(start).toHaveText(/开始导出/);
  if (SHOT) await page.screenshot({ path: 'docs/screenshots/company-export.png' });

  const download = page.waitForEvent('download', { timeout: budget(30_000) });
  await page.getByTestId('company-export-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^阳光物业.*-数据导出-\d{8}\.zip$/);
  const zip = await readZip(await readFile((await file.path())!));
  expect(zip.names).toEqual(expect.arrayContaining(['villages.csv', 'houses.csv', 'manifest.json', 'README.txt']));
  const villages = await zip.text('villages.csv');
  expect(villages.startsWith('\ufeff')).toBe(true);
  expect(villages).toContain('阳光花园');
  const manifest = JSON.parse(await zip.text('manifest.json')) as { tables: { name: string; rows: number }[] };
  expect(manifest.tables.find((t) => t.name === 'villages')!.rows).toBeGreaterThan(0);
});
