import { endpoint, type Id, type NoBody } from '../endpoint.ts';

/** A yuan amount as the forms send it. */
type YuanInput = string | number | null;
/** An id list as a form sends it: one id, an array or a comma list. */
type Ids = Id | Id[] | string;

const R = '/Web/Renewal';

export type GenerateBody = {
  house_ids?: Ids;
  /** the house list's search values: every house that search finds */
  search?: Record<string, unknown>;
  fee_item_ids: Ids;
  /** YYYY-MM */
  period_start: string;
  months?: number | string;
  /** only this village's houses; the items must be its own */
  village_id?: Id;
  /** say what would be billed and write nothing */
  preview?: boolean;
};
/** inserted: lines added; existed: lines the period already had (left as they are) */
export type GenerateReply = {
  houses: number;
  items: number;
  village: string;
  itemNames: string[];
  inserted: number;
  existed: number;
  msg: string;
};

export type ChargeBody = {
  ids: Ids;
  /** 0 online, 1 offline */
  type: number | string;
  payway?: number | string;
  /** the card's or transfer's reference; blank for cash (generated) and the balance */
  orderNum?: string | number;
  discount?: number | string;
  isOl?: unknown;
};
/** Offline: the payment made. Online: the order to pay, with its QR code and pay links. */
export type ChargeReply =
  | { paymentId: number; total: string; discount: string; amount: string; orderNum: string; msg: string }
  | {
      orderId: number;
      outTradeNo: string;
      codeUrl: string;
      amount: string;
      total: string;
      discount: string;
      payToken: string;
      payUrl: string;
      wapUrl: string;
    };

export type OrderStateReply = { orderId: number; outTradeNo: string; state: string; paid: boolean; amount: string };

export type CountItem = { title: string; num: string };
export type BillDisplayReply = { title: string; columns: string[]; rows: string[][]; countItem: CountItem[] };

export type BillSignBody = { bill_ids: Ids; status: number | string; invoice_no?: string };

export type RechargePackageYuan = { principal: string; present: string };
export type PackagesReply = { pgs: RechargePackageYuan[]; bl: string };
export type SavePackagesBody = { pgs?: { principal?: YuanInput; present?: YuanInput }[]; bl?: YuanInput };

export type RechargeBody = { id: Id; bj?: YuanInput; yh?: YuanInput };
export type RechargeReply = { balance: string; arrival: string };

export type LedgerBody = { house_id: Id; current?: number; size?: number };
export type LedgerRow = {
  id: number;
  kind: number;
  before: string;
  change: string;
  after: string;
  reason: string;
  user_name: string;
  created_at: string;
};
export type LedgerReply = { records: LedgerRow[]; total: number; current: number; size: number; pageCount: number };

export type ReminderBody = { msg_reminder?: YuanInput; list_reminder?: YuanInput };
export type ReminderReply = { msg_reminder: string; list_reminder: string };

export type RevenueBody = {
  start_time?: string | null;
  end_time?: string | null;
  arrearsStart?: string;
  arrearsEnd?: string;
};
export type RevenueSlice = { name: string; value: number; color?: string };
/** the year's collection and arrears and the month's composition, or the asked range's, or an arrears range */
export type RevenueReply = {
  sftj?: RevenueSlice[];
  skzc?: RevenueSlice[];
  qftj?: RevenueSlice[];
  qfinfo?: RevenueSlice[];
  /** a reply for a super administrator's overview: the widget draws nothing */
  super?: boolean;
};

export type FinancialBody = {
  id?: string | number | null;
  start_time?: string | null;
  end_time?: string | null;
  tabkey?: string;
};
export type FinancialReply = {
  tabs: { key: string; title: string }[];
  tabkey: string;
  columnarInfo: { xAxis: string[]; series: { name: string; data: number[] }[] };
  tableColumn: { prop: string; label: string }[];
  tableData: {
    name: string;
    count: number;
    receivable: string;
    received: string;
    unpaid: string;
    late: string;
    rate: string;
  }[];
  tableTitle: string;
  villageList: { id: number; name: string }[];
  /** the selector: the villages, then cars (car:<id>) and spaces (space:<id>) that have bills */
  carSquireList: { id: string | number; name: string }[];
};

/** The fee module's own calls (bills, collection, prepaid balance, statistics). */
export const feesApi = {
  generate: endpoint<GenerateBody, GenerateReply>(`${R}/RenewalList/generate`),
  charge: endpoint<ChargeBody, ChargeReply>(`${R}/RenewalList/charge`),
  orderState: endpoint<{ orderId: Id }, OrderStateReply>(`${R}/RenewalList/orderState`),
  billDisplay: endpoint<{ ids: Ids }, BillDisplayReply>(`${R}/RenewalList/billDisplay`),
  billSign: endpoint<BillSignBody, { count: number }>(`${R}/PaidOrder/billSign`),
  getPackage: endpoint<NoBody, PackagesReply>(`${R}/Balance/getPackage`),
  savePackage: endpoint<SavePackagesBody, PackagesReply>(`${R}/Balance/savePackage`),
  recharge: endpoint<RechargeBody, RechargeReply>(`${R}/Balance/recharge`),
  ledger: endpoint<LedgerBody, LedgerReply>(`${R}/Balance/ledger`),
  balanceReminder: endpoint<ReminderBody, ReminderReply>(`${R}/Balance/balanceReminder`),
  /** ?isSearch=1: the asked range */
  revenue: endpoint<RevenueBody, RevenueReply>(`${R}/PayStatistics/revenue`),
  /** ?tabkey=item|village|month */
  financial: endpoint<FinancialBody, FinancialReply>(`${R}/Financial/index`),
} as const;
