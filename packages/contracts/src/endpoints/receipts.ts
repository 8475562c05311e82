import { dialogEndpoint, endpoint, type Id, type NoBody } from '../endpoint.ts';

/** A company's receipt layout: one per A4 sheet, two per A4 sheet, or 241 mm continuous paper (dot-matrix printers). */
export type ReceiptLayout = 'a4' | 'half' | 'continuous';
export const RECEIPT_LAYOUTS: readonly { value: ReceiptLayout; label: string }[] = [
  { value: 'a4', label: 'A4（每页一张）' },
  { value: 'half', label: 'A4 一页两张' },
  { value: 'continuous', label: '241mm 针式连续纸' },
];

export type ReceiptSettings = {
  layout: ReceiptLayout;
  /** the title line; blank: the company's name */
  title: string;
  /** printed below the title */
  header: string;
  /** printed below the lines (a note, a phone number) */
  footer: string;
};

export type ReceiptLine = { name: string; period: string; amount: string };

/** 收据 for a collection (paid bills), 缴费通知单 for the unpaid bills of one house. */
export type ReceiptDoc = {
  kind: 'receipt' | 'notice';
  /** receipt number, '' on a notice */
  no: string;
  /** printed before: the paper says 补打 */
  reprint: boolean;
  /** YYYY-MM-DD: the day it was paid, or today for a notice */
  date: string;
  village: string;
  house: string;
  payer: string;
  lines: ReceiptLine[];
  /** yuan */
  total: string;
  /** 现金, 银行卡 … ('' on a notice) */
  method: string;
  /** the collection's 订单编号 ('' on a notice) */
  order_num: string;
  /** who collected ('线上支付' for an online payment) */
  collector: string;
  bill_ids: number[];
};

export type ReceiptDocsReply = { company: string; settings: ReceiptSettings; docs: ReceiptDoc[] };

/** The fee module's receipts: what prints for chosen bills, its record, and the company's layout. */
export const receiptApi = {
  /** the papers the chosen bills print as (a paid collection is given its number on its first printing) */
  docs: dialogEndpoint<{ ids: Id | Id[] | string }, ReceiptDocsReply>('/Web/Renewal/Receipt/docs', {
    screen: 'RenewalList',
    dialog: 'receiptPrint',
    title: '打印收据',
    selection: 'multi',
  }),
  /** records one print of each paper of the chosen bills: the next print of a receipt is 补打 */
  printed: endpoint<{ ids: Id | Id[] | string }, { printed: number }>('/Web/Renewal/Receipt/printed'),
  settings: endpoint<NoBody, ReceiptSettings>('/Web/Renewal/Receipt/settings'),
  saveSettings: dialogEndpoint<ReceiptSettings, ReceiptSettings>('/Web/Renewal/Receipt/saveSettings', {
    screen: 'RenewalList',
    dialog: 'receiptSettings',
    title: '收据设置',
    selection: 'none',
  }),
} as const;
