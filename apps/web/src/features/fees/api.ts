import { send, sendMsg } from '../../api/http.ts';
import type { CountItem, RechargePackage } from './logic.ts';

/** Fee calls, POST JSON under the configured base through the engine client. */
export const FEES_URLS = {
  generate: '/Web/Renewal/RenewalList/generate',
  feeItemOptions: '/Web/Renewal/FeeItem/options',
  charge: '/Web/Renewal/RenewalList/charge',
  orderState: '/Web/Renewal/RenewalList/orderState',
  billDisplay: '/Web/Renewal/RenewalList/billDisplay',
  billSign: '/Web/Renewal/PaidOrder/billSign',
  ledger: '/Web/Renewal/Balance/ledger',
  getPackage: '/Web/Renewal/Balance/getPackage',
  savePackage: '/Web/Renewal/Balance/savePackage',
  recharge: '/Web/Renewal/Balance/recharge',
  balanceReminder: '/Web/Renewal/Balance/balanceReminder',
  revenue: '/Web/Renewal/PayStatistics/revenue',
  financial: '/Web/Renewal/Financial/index',
  service: '/Web/Renewal/Service/index',
  serviceOrder: '/Web/Renewal/Service/order',
  serviceOrderState: '/Web/Renewal/Service/orderState',
  unpaidList: '/Web/Renewal/Unpaid/listConfig',
} as const;

export type Id = string | number;

export type GenerateBody = {
  house_ids?: Id[];
  search?: Record<string, unknown>;
  fee_item_ids: Id[];
  period_start: string;
  months?: number;
};
export const generateBills = (data: GenerateBody) =>
  sendMsg<{ inserted?: number; skipped?: number; houses?: number } | null>(FEES_URLS.generate, { data });

export type Option = { label: string; value: Id };
export const fetchFeeItemOptions = async (): Promise<Option[]> => {
  const d = await send<unknown>(FEES_URLS.feeItemOptions, {});
  const list = Array.isArray(d)
    ? d
    : d && typeof d === 'object' && Array.isArray((d as { list?: unknown }).list)
      ? (d as { list: unknown[] }).list
      : [];
  return list.map((o) => {
    const r = o as Record<string, unknown>;
    return { label: String(r.label ?? r.name ?? r.value ?? r.id), value: (r.value ?? r.id) as Id };
  });
};

export type ChargeBody = {
  ids: Id[];
  type: number;
  payway?: number;
  orderNum?: string;
  discount?: number;
  isOl: number;
};
export type OnlineOrder = { orderId: Id; outTradeNo: string; codeUrl: string; amount: string | number };
export const charge = (body: ChargeBody) => sendMsg<Partial<OnlineOrder> | null>(FEES_URLS.charge, body);
export const fetchOrderState = (orderId: Id) =>
  send<{ state?: string } | null>(FEES_URLS.orderState, { orderId }, { silent: true });

export type BillDisplay = {
  title: string;
  columns: unknown[];
  rows: Record<string, unknown>[] | unknown[][];
  countItem: CountItem[];
};
export const fetchBillDisplay = (ids: Id[]) => send<BillDisplay>(FEES_URLS.billDisplay, { ids });

export const signBills = (body: { bill_ids: Id[]; status: number; invoice_no: string }) =>
  sendMsg(FEES_URLS.billSign, body);

export type PackageData = { pgs: RechargePackage[]; bl: number | string };
export const fetchPackages = () => send<PackageData>(FEES_URLS.getPackage, {});
export const savePackages = (body: { pgs: RechargePackage[]; bl: number }) => sendMsg(FEES_URLS.savePackage, body);
export const rechargeBalance = (body: { id: Id; bj: number; yh: number }) => sendMsg(FEES_URLS.recharge, body);

export type LedgerRow = {
  id: Id;
  kind: number;
  before: string;
  change: string;
  after: string;
  reason: string;
  user_name: string;
  created_at: string;
};
export const fetchLedger = (url: string, body: { house_id: Id; current: number; size: number }) =>
  send<{ records: LedgerRow[]; total: number }>(url, body);

export type Reminder = { msg_reminder: number | string | null; list_reminder: number | string | null };
export const fetchReminder = () => send<Reminder>(FEES_URLS.balanceReminder, {});
export const saveReminder = (body: Reminder) => sendMsg(FEES_URLS.balanceReminder, body);

/** Renewal order (radio = years, money, payway 4) → the platform's QR code. */
export type ServiceOrder = { orderId: Id; outTradeNo: string; codeUrl: string; money: string; years: number };
export const orderService = (body: { id: Id; radio: number; money: string; payway: number }) =>
  send<ServiceOrder>(FEES_URLS.serviceOrder, body);
export const fetchServiceOrderState = (orderId: Id) =>
  send<{ state?: string; endtime?: string } | null>(FEES_URLS.serviceOrderState, { orderId }, { silent: true });
