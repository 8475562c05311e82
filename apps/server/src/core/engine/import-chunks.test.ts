import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, setupApp, type TestApp } from '../../test/harness.ts';
import { AppError, invalid } from '../errors.ts';
import { operators, villages } from '../../modules/tenancy/schema.ts';
import { buildings } from '../../modules/estate/schema.ts';
import { bulkInsert } from './bulk-insert.ts';
import { importRows } from './import.ts';
import type { SheetData } from './import-sheet.ts';
import type { Caller } from './scope.ts';
import { superCallerOf } from './testing.ts';
import { resourceService } from './service.ts';
import type { ResourceDef } from './types.ts';

// a resource with beforeSave only (rows go set-based, the hook run per row) and one with afterSave too;
// imports here go two rows a chunk, so a few rows cover several chunks of one transaction
const saved: number[] = [];
const beforeOnly: ResourceDef = {
  route: '/Test/ChunkBuilding/index',
  title: '测试楼栋',
  name: 'TestChunkBuilding',
  table: buildings,
  ownership: 'tenant',
  villageScoped: true,
  sort: { column: 'sort', titleProp: 'name' },
  fields: [
    {
      prop: 'village_id',
      label: '小区',
      type: 'select',
      required: true,
      ref: { table: villages, labelColumn: 'name', tenantScoped: true },
    },
    { prop: 'name', label: '楼栋名称', type: 'text', required: true, maxLength: 50 },
    { prop: 'floors', label: '楼层数', type: 'number', min: 1, max: 200 },
    { prop: 'remark', label: '备注', type: 'text' },
    { prop: 'sort', label: '排序', type: 'number' },
  ],
  hooks: {
    beforeSave: (_ctx, values, _existing, input) => {
      if (String(input.name).includes('拒')) throw invalid('楼栋名称不能含“拒”', 'name');
      return { ...values, remark: `钩子:${String(input.name)}` };
    },
  },
};
const withAfter: ResourceDef = {
  ...beforeOnly,
  name: 'TestChunkBuildingAfter',
  hooks: { ...beforeOnly.hooks, afterSave: (_ctx, id) => void saved.push(id) },
};

let t: TestApp;
let caller: Caller;
beforeAll(async () => {
  t = await setupApp();
  caller = await superCallerOf(t.db, 'property');
});
afterAll(() => t.close());

const sheet = (rows: (string | number | null)[][]): SheetData => ({
  headers: ['*小区', '*楼栋名称', '楼层数'],
  rows: rows.map((cells, i) => ({ row: i + 2, cells })),
});
const run = (def: ResourceDef, rows: (string | number | null)[][]) =>
  importRows(t.db, def, resourceService(t.db, def, t.registry), caller, sheet(rows), 2);
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError & { data: { errors: unknown[] } };
};
const named = async (prefix: string) =>
  rowsOf<{ name: string; floors: number; remark: string; sort: number }>(
    await t.db.execute(
      sql`select name, floors, remark, sort from buildings where name like ${`${prefix}%`} order by id`,
    ),
  );

describe('import in chunks, one transaction', () => {
  it('runs beforeSave for every row and inserts set-based, order numbers following the file', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ['阳光花园', `分块甲${i}`, i + 1]);
    expect(await run(beforeOnly, rows)).toEqual({ total: 5, inserted: 5, errors: [] });
    const got = await named('分块甲');
    expect(got.map((r) => [r.name, r.floors, r.remark])).toEqual(rows.map((r) => [r[1], r[2], `钩子:${String(r[1])}`]));
    expect(got.map((r) => r.sort - got[0]!.sort)).toEqual([0, 1, 2, 3, 4]);
  });

  it('names the rows beforeSave refuses, and writes none of the file', async () => {
    const err = await refusal(
      run(beforeOnly, [
        ['阳光花园', '分块乙1', 1],
        ['阳光花园', '分块乙2', 2],
        ['阳光花园', '分块乙拒3', 3],
        ['阳光花园', '分块乙4', 4],
        ['阳光花园', '分块乙拒5', 5],
      ]),
    );
    expect(err.message).toBe('导入失败：第4行 楼栋名称 楼栋名称不能含“拒”');
    expect(err.data.errors).toEqual([
      { row: 4, column: '楼栋名称', message: '楼栋名称不能含“拒”' },
      { row: 6, column: '楼栋名称', message: '楼栋名称不能含“拒”' },
    ]);
    expect(await named('分块乙')).toEqual([]);
  });

  it('lists the field errors of every chunk, the last one included, and writes nothing', async () => {
    const err = await refusal(
      run(beforeOnly, [
        ['阳光花园', '分块丙1', 0],
        ['阳光花园', '分块丙2', 2],
        ['阳光花园', '分块丙3', 3],
        ['阳光花园', '分块丙4', 4],
        ['没有这个小区', '分块丙5', 5],
      ]),
    );
    expect(err.data.errors).toEqual([
      { row: 2, column: '楼层数', message: '楼层数不能小于1' },
      { row: 6, column: '小区', message: '小区不存在：没有这个小区' },
    ]);
    expect(await named('分块丙')).toEqual([]);
  });

  it('turns a unique violation in a later chunk into a refusal and rolls back the chunks before it', async () => {
    const err = await refusal(
      run(beforeOnly, [
        ['阳光花园', '分块丁1', 1],
        ['阳光花园', '分块丁2', 2],
        ['阳光花园', '分块丁3', 3],
        ['阳光花园', '分块丁1', 4],
        ['阳光花园', '分块丁5', 5],
      ]),
    );
    expect(err.message).toBe('导入失败：测试楼栋 测试楼栋已存在，请勿重复导入');
    expect(await named('分块丁')).toEqual([]);
  });

  it('with afterSave, inserts through the builder so the hook gets every id', async () => {
    saved.length = 0;
    expect(
      await run(withAfter, [
        ['翠湖名苑', '分块戊1', 1],
        ['翠湖名苑', '分块戊2', 2],
        ['翠湖名苑', '分块戊3', 3],
      ]),
    ).toMatchObject({ inserted: 3 });
    const ids = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from buildings where name like '分块戊%' order by id`),
    ).map((r) => r.id);
    expect(saved).toEqual(ids);
    expect((await named('分块戊')).map((r) => r.remark)).toEqual(['钩子:分块戊1', '钩子:分块戊2', '钩子:分块戊3']);
  });
});

describe('bulkInsert', () => {
  it('sends quotes, backslashes, braces, the text NULL, empty text, nulls and defaults as they are', async () => {
    const names = ['引号"a"', '反斜杠\\b\\', '{花括号,逗号}', 'NULL', ' 空格 ', '多行\n文字'];
    await t.db.transaction(async (tx) => {
      await bulkInsert(tx, operators, [
        ...names.map((name, i) => ({
          name: `批量${name}`,
          contact: i % 2 ? '' : 'x',
          status: 2,
          expireDate: i === 0 ? null : '2026-01-0' + String(i),
        })),
        // no contact, status or expireDate: the static defaults and null
        { name: '批量缺省' },
      ]);
    });
    const got = rowsOf<{ name: string; contact: string; status: number; expire_date: string | null }>(
      await t.db.execute(
        sql`select name, contact, status, expire_date::text from operators where name like '批量%' order by id`,
      ),
    );
    expect(got).toEqual([
      ...names.map((name, i) => ({
        name: `批量${name}`,
        contact: i % 2 ? '' : 'x',
        status: 2,
        expire_date: i === 0 ? null : `2026-01-0${i}`,
      })),
      { name: '批量缺省', contact: '', status: 1, expire_date: null },
    ]);
  });
});
