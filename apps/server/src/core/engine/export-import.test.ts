import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Code, type ImportNotice, type ImportResult, type ListReply } from '@5a/contracts';
import { rowsOf, setupApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let property: string;
let propertyb: string;
let staff: string;
beforeAll(async () => {
  t = await setupApp();
  [property, propertyb, staff] = await Promise.all([t.login('property'), t.login('propertyb'), t.login('staff')]);
});
afterAll(() => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const download = (url: string, body: object, token: string) =>
  t.app.inject({ method: 'POST', url: `/xapi${url}`, payload: body, headers: auth(token) });

const sheetOf = async (buf: Buffer, index = 0) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[index]!;
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
};

/** multipart/form-data built by hand: one `file` part */
const upload = (url: string, file: Buffer, token: string, filename = 'data.xlsx', type = XLSX) => {
  const boundary = `----5a${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const payload = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({
    method: 'POST',
    url: `/xapi${url}`,
    payload,
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};

const workbook = async (header: string[], rows: unknown[][]) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('岗位');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const count = async (body: object, token = property) =>
  (await t.post<ListReply>('/System/Post/list', { size: 10, ...body }, token)).body.data.total;
const addPost = async (row: object, token = property) =>
  (await t.post<{ id: number }>('/System/Post/add', { row }, token)).body.data.id;

describe('export', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    ids = [
      await addPost({ name: '导出甲', code: 'exp-a', sort: 1 }),
      await addPost({ name: '导出乙', code: 'exp-b', sort: 2, status: 2 }),
      await addPost({ name: '导出, "丙"', code: 'exp-c', sort: 3 }),
    ];
    await addPost({ name: '导出乙公司', code: 'exp-other' }, propertyb);
  });

  it('streams the current search as xlsx with labels, dictionary labels and a Chinese file name', async () => {
    const res = await download('/System/Post/export', { name: '导出' }, property);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX);
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("''")[1]!)).toMatch(/^岗位_\d{14}\.xlsx$/);
    const { name, rows } = await sheetOf(res.rawPayload);
    expect(name).toBe('岗位');
    expect(rows[0]).toEqual(['岗位名称', '岗位编码', '排序', '状态', '创建时间']);
    expect(rows.slice(1).map((r) => [r[0], r[1], typeof r[2], r[3]])).toEqual([
      ['导出, "丙"', 'exp-c', 'number', '正常'],
      ['导出乙', 'exp-b', 'number', '停用'],
      ['导出甲', 'exp-a', 'number', '正常'],
    ]);
    expect(String(rows[1]![4])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('writes csv with a UTF-8 BOM, CRLF lines and quoting', async () => {
    const res = await download('/System/Post/export', { name: '导出', format: 'csv' }, property);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain('.csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('岗位名称,岗位编码,排序,状态,创建时间');
    expect(lines[1]).toMatch(/^"导出, ""丙""",exp-c,\d+,正常,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('exports only the selected rows', async () => {
    const { rows } = await sheetOf((await download('/System/Post/export', { ids: [ids[0]] }, property)).rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['导出甲']);
  });

  it('never shows another tenant its rows, even by id', async () => {
    const mine = await sheetOf((await download('/System/Post/export', {}, property)).rawPayload);
    expect(mine.rows.map((r) => r[0])).not.toContain('导出乙公司');
    const theirs = await sheetOf((await download('/System/Post/export', { ids }, propertyb)).rawPayload);
    expect(theirs.rows).toHaveLength(1);
    const all = await sheetOf((await download('/System/Post/export', { name: '导出' }, propertyb)).rawPayload);
    expect(all.rows.slice(1).map((r) => r[0])).toEqual(['导出乙公司']);
  });

  it('refuses a caller without the export permission', async () => {
    const res = await download('/System/Post/export', {}, staff);
    expect(res.json()).toMatchObject({ code: Code.forbidden, msg: '无权限' });
    expect((await download('/System/Post/export', { format: 'pdf' }, property)).json().code).toBe(Code.validation);
  });
});

describe('import', () => {
  it('serves a template with required columns marked and the rules sheet', async () => {
    const res = await download('/System/Post/importTemplate', {}, property);
    expect(res.headers['content-type']).toContain(XLSX);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!)).toBe('岗位导入模板.xlsx');
    expect((await sheetOf(res.rawPayload)).rows).toEqual([['*岗位名称', '岗位编码', '排序', '状态', '备注']]);
    const help = await sheetOf(res.rawPayload, 1);
    expect(help.name).toBe('填写说明');
    expect(help.rows[0]).toEqual(['列名', '是否必填', '填写规则', '可选值']);
    expect(help.rows.find((r) => r[0] === '状态')?.[3]).toBe('正常、停用');
    expect(String(help.rows.find((r) => r[0] === '岗位名称')?.[2])).toContain('岗位名称不能超过64个字符');
  });

  it('serves the import notice', async () => {
    const res = await t.post<ImportNotice>('/System/Post/importNotice', {}, property);
    expect(res.body.data.downloadUrl).toBe('/System/Post/importTemplate');
    expect(res.body.data.NoticeContent.length).toBeGreaterThan(0);
    expect((await t.post('/System/Post/importNotice', {}, staff)).body.code).toBe(Code.forbidden);
  });

  it('validates every row first: one bad row writes nothing and is named', async () => {
    const file = await workbook(
      ['*岗位名称', '岗位编码', '状态', '不认识的列'],
      [
        ['导入好', 'imp-ok', '正常', 'x'],
        ['', 'imp-noname', '正常', 'x'],
        ['导入坏状态', 'imp-bad', '未知', 'x'],
        [null, null, null, '表格旁的备注不算一行'],
      ],
    );
    const res = await upload('/System/Post/import', file, property);
    const body = res.json() as { code: number; msg: string; data: ImportResult };
    expect(body.code).toBe(Code.validation);
    expect(body.msg).toBe('导入失败：第3行 岗位名称 请输入岗位名称');
    expect(body.data).toEqual({
      total: 3,
      inserted: 0,
      errors: [
        { row: 3, column: '岗位名称', message: '请输入岗位名称' },
        { row: 4, column: '状态', message: '状态的值无效：未知' },
      ],
    });
    expect(await count({ code: 'imp-' })).toBe(0);
  });

  it('names a missing required column', async () => {
    const res = await upload('/System/Post/import', await workbook(['岗位编码'], [['x']]), property);
    expect(res.json()).toMatchObject({ code: Code.validation, msg: '导入失败：第1行 岗位名称 缺少必填列' });
  });

  it('imports 10,000 rows in one go, labels mapped to values', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `批量导入${i}`,
      `imp10k-${i}`,
      i % 4 === 0 ? '停用' : '正常',
      `备注${i}`,
    ]);
    const file = await workbook(['*岗位名称', '岗位编码', '状态', '备注'], rows);
    const started = Date.now();
    const res = await upload('/System/Post/import', file, property);
    expect(res.json()).toEqual({ code: 0, msg: '导入成功', data: { total: 10_000, inserted: 10_000, errors: [] } });
    expect(Date.now() - started).toBeLessThan(50_000);
    expect(await count({ code: 'imp10k-' })).toBe(10_000);
    expect(await count({ code: 'imp10k-', status: 2 })).toBe(2500);
    expect(await count({ code: 'imp10k-' }, propertyb)).toBe(0);
    // rows without an order continue after the existing ones, in file order
    const sortOf = async (code: string) =>
      Number((await t.post<ListReply>('/System/Post/list', { code, size: 1 }, property)).body.data.records[0]!.sort);
    expect(await sortOf('imp10k-9999')).toBe((await sortOf('imp10k-0')) + 9999);
  }, 60_000);

  it('also takes {rows} keyed by label', async () => {
    const res = await t.post<ImportResult>(
      '/System/Post/import',
      { rows: [{ 岗位名称: 'JSON导入', 岗位编码: 'imp-json', 状态: '停用' }] },
      property,
    );
    expect(res.body).toMatchObject({ code: 0, data: { inserted: 1 } });
    expect(await count({ code: 'imp-json', status: 2 })).toBe(1);
  });

  it('refuses other file types, empty files and callers without the permission', async () => {
    const csv = await upload('/System/Post/import', Buffer.from('岗位名称\n甲\n'), property, 'a.xlsx', 'text/csv');
    expect(csv.json()).toMatchObject({ code: Code.validation, msg: '请上传 xlsx 格式的文件' });
    const zip = await upload('/System/Post/import', Buffer.from('PK\x03\x04not really a workbook'), property);
    expect(zip.json()).toMatchObject({ code: Code.validation, msg: '请上传 xlsx 格式的文件' });
    expect((await upload('/System/Post/import', Buffer.alloc(0), property)).json()).toMatchObject({
      code: Code.validation,
      msg: '文件中没有数据',
    });
    expect((await upload('/System/Post/import', await workbook(['*岗位名称'], []), property)).json()).toMatchObject({
      msg: '文件中没有数据',
    });
    expect((await upload('/System/Post/import', await workbook(['*岗位名称'], [['x']]), staff)).json()).toMatchObject({
      code: Code.forbidden,
    });
    const big = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(21 * 1024 * 1024)]);
    expect((await upload('/System/Post/import', big, property)).json()).toMatchObject({
      code: Code.validation,
      msg: '文件大小不能超过20MB',
    });
  });
});

describe('export at scale', () => {
  it('streams 100,000 rows as csv with flat memory', async () => {
    const [me] = rowsOf<{ tenant_id: number }>(
      await t.db.execute(sql`select tenant_id from users where user_name = 'property'`),
    );
    await t.db.execute(sql`insert into posts (tenant_id, name, code, sort, status)
      select ${me!.tenant_id}, '规模岗位' || g, 'scale-' || g, g, 1 + g % 2 from generate_series(1, 100000) g`);
    // what autovacuum would do after such an insert (PGlite has none); without it only slower, not bigger
    await t.db.execute(sql`analyze posts`);
    // read the download chunk by chunk as a client would, sampling memory on every chunk
    const before = process.memoryUsage();
    const peak = { rss: before.rss, heap: before.heapUsed + before.external };
    const res = await t.app.inject({
      method: 'POST',
      url: '/xapi/System/Post/export',
      payload: { code: 'scale-', format: 'csv' },
      headers: auth(property),
      payloadAsStream: true,
    });
    let lines = 0;
    let head = '';
    for await (const chunk of res.stream()) {
      const buf = chunk as Buffer;
      if (head.length < 200) head += buf.toString('utf8');
      for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heap = Math.max(peak.heap, m.heapUsed + m.external);
    }
    expect(lines).toBe(100_001);
    expect(head.split('\r\n')[1]).toMatch(/^规模岗位100000,scale-100000,100000,正常,/);
    const mb = 1024 * 1024;
    if (process.env.EXPORT_MEM_LOG)
      console.log(
        `rss +${((peak.rss - before.rss) / mb).toFixed(1)} MB, heap+external +${((peak.heap - before.heapUsed - before.external) / mb).toFixed(1)} MB`,
      );
    // keyset batches measure ~40–65 MB alone and up to ~95 MB while the other test files load the CPU (garbage
    // collected later); reading all 100k rows at once measured ~150 MB alone. Heap and external are this worker's
    // own; RSS is the whole process, shared with the other test files' workers
    expect((peak.heap - before.heapUsed - before.external) / mb).toBeLessThan(120);
    expect((peak.rss - before.rss) / mb).toBeLessThan(140);
  }, 120_000);
});
