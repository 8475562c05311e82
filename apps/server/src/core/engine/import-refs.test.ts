import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { rowsOf, setupApp, type TestApp } from '../../test/harness.ts';
import { AppError } from '../errors.ts';
import { operators, villages } from '../../modules/tenancy/schema.ts';
import { reportThings } from '../../modules/repair/schema.ts';
import { exportResource } from './export.ts';
import { importRows } from './import.ts';
import { readXlsx, type SheetData } from './import-sheet.ts';
import type { Caller } from './scope.ts';
import { superCallerOf } from './testing.ts';
import { resourceService } from './service.ts';
import type { ResourceDef } from './types.ts';

// declarations used only here (not registered): a tenant resource with a `ref` and one with a date
const reportDef: ResourceDef = {
  route: '/Test/Report/index',
  title: '事件上报',
  name: 'TestReport',
  table: reportThings,
  ownership: 'tenant',
  villageScoped: true,
  fields: [
    {
      prop: 'village_id',
      label: '小区',
      type: 'select',
      required: true,
      ref: { table: villages, labelColumn: 'name', tenantScoped: true },
    },
    { prop: 'person_name', label: '上报人', type: 'text', required: true },
    { prop: 'tel', label: '电话', type: 'text', validator: 'mobile' },
  ],
};
const operatorDef: ResourceDef = {
  route: '/Test/Operator/index',
  title: '运营商',
  name: 'TestOperator',
  table: operators,
  ownership: 'global',
  fields: [
    { prop: 'name', label: '名称', type: 'text', required: true },
    { prop: 'expire_date', label: '到期日期', type: 'date' },
  ],
};

let t: TestApp;
let caller: Caller;
let village: Record<string, number>;
beforeAll(async () => {
  t = await setupApp();
  caller = await superCallerOf(t.db, 'property');
  village = Object.fromEntries(
    rowsOf<{ id: number; name: string }>(await t.db.execute(sql`select id, name from villages`)).map((v) => [
      v.name,
      v.id,
    ]),
  );
});
afterAll(() => t.close());

const sheet = (headers: string[], rows: (string | number | Date | null)[][]): SheetData => ({
  headers,
  rows: rows.map((cells, i) => ({ row: i + 2, cells })),
});
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};
const reports = async (name: string) =>
  rowsOf<{ village_id: number }>(
    await t.db.execute(sql`select village_id from report_things where person_name = ${name}`),
  );

describe('import: text → id within the tenant', () => {
  const svc = () => resourceService(t.db, reportDef, t.registry);

  it('resolves names of the own tenant and names the rows that do not resolve', async () => {
    const err = await refusal(
      importRows(
        t.db,
        reportDef,
        svc(),
        caller,
        sheet(
          ['*小区', '*上报人', '电话'],
          [
            ['阳光花园', '引用甲', '13912345678'],
            ['安居小区', '引用乙', ''],
            ['没有这个小区', '引用丙', ''],
          ],
        ),
      ),
    );
    expect(err.code).toBe(Code.validation);
    expect(err.message).toBe('导入失败：第3行 小区 小区不存在：安居小区');
    expect((err.data as { errors: unknown[] }).errors).toEqual([
      { row: 3, column: '小区', message: '小区不存在：安居小区' },
      { row: 4, column: '小区', message: '小区不存在：没有这个小区' },
    ]);
    expect(await reports('引用甲')).toEqual([]);

    const ok = await importRows(
      t.db,
      reportDef,
      svc(),
      caller,
      sheet(
        ['小区', '上报人'],
        [
          ['阳光花园', '引用甲'],
          ['翠湖名苑', '引用丁'],
        ],
      ),
    );
    expect(ok).toEqual({ total: 2, inserted: 2, errors: [] });
    expect(await reports('引用甲')).toEqual([{ village_id: village['阳光花园'] }]);
  });

  it('keeps to the caller’s village scope', async () => {
    const scoped = { ...caller, villageIds: [village['阳光花园']!] };
    const err = await refusal(
      importRows(t.db, reportDef, svc(), scoped, sheet(['小区', '上报人'], [['翠湖名苑', '引用戊']])),
    );
    expect(err.message).toBe('导入失败：第2行 小区 小区不存在或无权限');
  });

  it('exports the name, not the id', async () => {
    const file = await exportResource(t.db, reportDef, svc(), caller, { person_name: '引用甲' }, undefined, 'csv');
    const chunks: Buffer[] = [];
    for await (const c of file.stream) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('\r\n阳光花园,引用甲,\r\n');
  });
});

describe('import: Excel dates', () => {
  it('turns date cells, serial numbers and date text into YYYY-MM-DD', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('运营商');
    ws.addRow(['*名称', '到期日期']);
    ws.addRow(['日期甲', new Date(Date.UTC(2027, 2, 5))]);
    ws.addRow(['日期乙', 45658]);
    ws.addRow(['日期丙', '2026/7/8']);
    ws.addRow(['日期丁', '下个月']);
    const data = await readXlsx(Buffer.from(await wb.xlsx.writeBuffer()), 100);
    const svc = resourceService(t.db, operatorDef, t.registry);
    const err = await refusal(importRows(t.db, operatorDef, svc, caller, data));
    expect(err.message).toBe('导入失败：第5行 到期日期 到期日期格式应为YYYY-MM-DD');

    data.rows.pop();
    expect(await importRows(t.db, operatorDef, svc, caller, data)).toMatchObject({ inserted: 3 });
    const saved = rowsOf<{ name: string; expire_date: string }>(
      await t.db.execute(
        sql`select name, expire_date::text from operators where name like '日期%' order by name collate "C"`,
      ),
    );
    expect(saved).toEqual([
      { name: '日期丙', expire_date: '2026-07-08' },
      { name: '日期乙', expire_date: '2025-01-01' },
      { name: '日期甲', expire_date: '2027-03-05' },
    ]);
  });
});
