/** Local export of the financial table (pure part tested; the workbook is built in the browser). */
export type TableColumn = { prop: string; label: string; type?: string };

const IMAGE_RE = /\.(png|jpe?g|gif|webp|bmp|svg)(\?.*)?$/i;

/** Image-type columns are dropped (declared type image, or every value an image path). */
export const exportColumns = (columns: readonly TableColumn[], data: readonly Record<string, unknown>[]) =>
  columns.filter((c) => {
    if (c.type === 'image' || c.type === 'img') return false;
    const values = data.map((r) => r[c.prop]).filter((v) => v !== undefined && v !== null && v !== '');
    return !(values.length > 0 && values.every((v) => typeof v === 'string' && IMAGE_RE.test(v)));
  });

export const exportRows = (columns: readonly TableColumn[], data: readonly Record<string, unknown>[]) =>
  data.map((r) =>
    columns.map((c) => {
      const v = r[c.prop];
      return v === undefined || v === null ? '' : typeof v === 'number' ? v : String(v);
    }),
  );

/** An xlsx (exceljs, loaded on demand) with the title row, the header and the rows. */
export const buildXlsx = async (
  title: string,
  columns: readonly TableColumn[],
  data: readonly Record<string, unknown>[],
): Promise<Blob> => {
  const cols = exportColumns(columns, data);
  const mod = (await import('exceljs')) as unknown as {
    default?: typeof import('exceljs');
    Workbook?: typeof import('exceljs').Workbook;
  };
  const Workbook = mod.Workbook ?? mod.default?.Workbook;
  if (!Workbook) throw new Error('exceljs unavailable');
  const wb = new Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow([title]);
  if (cols.length > 1) ws.mergeCells(1, 1, 1, cols.length);
  ws.getRow(1).font = { bold: true, size: 14 };
  ws.getRow(1).alignment = { horizontal: 'center' };
  ws.addRow(cols.map((c) => c.label)).font = { bold: true };
  for (const r of exportRows(cols, data)) ws.addRow(r);
  cols.forEach((c, i) => {
    ws.getColumn(i + 1).width = Math.max(10, c.label.length * 2 + 4);
  });
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
};

/** CSV fallback (with BOM so spreadsheet apps read UTF-8). */
export const buildCsv = (
  title: string,
  columns: readonly TableColumn[],
  data: readonly Record<string, unknown>[],
): Blob => {
  const cols = exportColumns(columns, data);
  const esc = (v: unknown) => {
    const s = String(v ?? '');
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [
    esc(title),
    cols.map((c) => esc(c.label)).join(','),
    ...exportRows(cols, data).map((r) => r.map(esc).join(',')),
  ];
  return new Blob([`\uFEFF${lines.join('\n')}`], { type: 'text/csv;charset=utf-8' });
};
