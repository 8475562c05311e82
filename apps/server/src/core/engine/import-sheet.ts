import ExcelJS from 'exceljs';
import { invalid } from '../errors.ts';
import { rulesOf } from './validate.ts';
import type { Choices } from './choices.ts';
import type { FieldDef, ResourceDef } from './types.ts';
import { sheetName, type Plain } from './xlsx.ts';
import { scanXlsx } from './xlsx-read.ts';

/** The cells of an uploaded sheet: header texts, then data rows with their Excel row numbers. */
export type SheetData = { headers: string[]; rows: { row: number; cells: Plain[] }[] };

const blank = (c: Plain) => c === null || c === '';

/**
 * Reads the first worksheet and stops at `maxRows` data rows, so a small file that unzips to
 * millions of cells cannot fill the memory.
 */
export const readXlsx = async (buf: Buffer, maxRows: number): Promise<SheetData> => {
  const out: SheetData = { headers: [], rows: [] };
  let header = false;
  await scanXlsx(buf, ({ row, cells }) => {
    if (cells.every(blank)) return;
    if (!header) {
      out.headers = cells.map((c) => (c === null ? '' : String(c)));
      header = true;
      return;
    }
    if (out.rows.length >= maxRows) throw invalid(`一次最多导入${maxRows}行`, 'file');
    out.rows.push({ row, cells });
  });
  return out;
};

const plainOf = (v: unknown): Plain => {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
};

/** `import {rows}`: rows keyed by column label (or prop), as a client-side parse sends them. */
export const sheetFromJson = (rows: Record<string, unknown>[]): SheetData => {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return {
    headers,
    rows: rows
      .map((r, i) => ({ row: i + 2, cells: headers.map((h) => plainOf(r[h])) }))
      .filter((r) => !r.cells.every(blank)),
  };
};

const kindText = (f: FieldDef, choices: Choices | undefined): string => {
  if (choices) return `从可选值中填写${f.multiple || f.type === 'checkbox' ? '，多个用逗号分隔' : ''}`;
  if (f.ref) return `填写已有的${f.label}名称`;
  switch (f.type) {
    case 'number':
      return '整数';
    case 'money':
      return '金额（元），最多两位小数';
    case 'switch':
      return '填写“是”或“否”';
    case 'date':
      return '日期，格式 YYYY-MM-DD';
    case 'datetime':
      return '时间，格式 YYYY-MM-DD HH:mm:ss';
    case 'month':
      return '月份，格式 YYYY-MM';
    case 'daterange':
    case 'monthrange':
      return '开始和结束，用逗号分隔';
    case 'region':
      return '行政区划代码（6-12位数字）';
    case 'mapPoint':
      return '经度,纬度';
    default:
      return '文本';
  }
};

/** The import template: one header row (required columns marked '*') and a '填写说明' sheet. */
export const buildTemplate = async (
  def: ResourceDef,
  fields: FieldDef[],
  choices: Map<string, Choices>,
): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(def.title));
  ws.columns = fields.map((f) => ({
    header: `${f.required ? '*' : ''}${f.label}`,
    key: f.prop,
    width: Math.max(12, f.label.length * 2 + 6),
  }));
  ws.getRow(1).font = { bold: true };
  fields.forEach((f, i) => {
    if (f.required) ws.getRow(1).getCell(i + 1).font = { bold: true, color: { argb: 'FFCC0000' } };
    // dates and codes typed as text keep their leading zeros and exact form
    if (!['number', 'money'].includes(f.type)) ws.getColumn(i + 1).numFmt = '@';
  });
  const help = wb.addWorksheet('填写说明');
  help.columns = [
    { header: '列名', key: 'label', width: 18 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '填写规则', key: 'rule', width: 60 },
    { header: '可选值', key: 'values', width: 40 },
  ];
  help.getRow(1).font = { bold: true };
  for (const f of fields) {
    const c = choices.get(f.prop);
    const rules = rulesOf(f)
      .filter((r) => !r.required)
      .map((r) => r.message);
    help.addRow({
      label: f.label,
      required: f.required ? '是' : '否',
      rule: [kindText(f, c), ...rules].join('；'),
      values: c ? [...c.toValue.keys()].join('、') : '',
    });
  }
  help.addRow({});
  help.addRow({
    label: '说明',
    rule: '第一行是表头，请勿修改；从第二行起每行一条数据。导入前会校验每一行，任何一行有错误时不会写入任何数据。',
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
};
