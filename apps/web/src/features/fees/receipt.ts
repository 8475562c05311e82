import type { ReceiptDoc, ReceiptLayout } from '@5a/contracts/endpoints/receipts';

export const LAYOUTS: readonly ReceiptLayout[] = ['a4', 'half', 'continuous'];
export const layoutOf = (v: unknown, fallback: ReceiptLayout): ReceiptLayout =>
  LAYOUTS.find((l) => l === v) ?? fallback;

/** the papers on each printed page: two on a half-A4 sheet, one otherwise */
export const sheetsOf = (docs: readonly ReceiptDoc[], layout: ReceiptLayout): ReceiptDoc[][] => {
  const per = layout === 'half' ? 2 : 1;
  const sheets: ReceiptDoc[][] = [];
  for (let i = 0; i < docs.length; i += per) sheets.push(docs.slice(i, i + per));
  return sheets;
};

/** the page size the printer is told, and the size of one sheet on screen */
export const PAGE: Record<ReceiptLayout, { page: string; width: string; height: string }> = {
  a4: { page: 'A4', width: '210mm', height: '297mm' },
  half: { page: 'A4', width: '210mm', height: '297mm' },
  // 241 mm continuous paper, torn at 140 mm (the common receipt length of dot-matrix forms)
  continuous: { page: '241mm 140mm', width: '241mm', height: '140mm' },
};

/** '1,2,3' → [1, 2, 3]; anything not a positive id is dropped */
export const idsOfQuery = (q: string | null): number[] =>
  (q ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

export const docTitle = (d: ReceiptDoc) => (d.kind === 'receipt' ? '收  据' : '缴费通知单');
