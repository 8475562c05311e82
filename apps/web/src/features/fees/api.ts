import { feesApi, type GenerateBody, type LedgerReply, type OrderStateReply } from '@5a/contracts/endpoints/fees';
import { servicesApi } from '@5a/contracts/endpoints/services';
import { call, callMsg } from '../../api/call.ts';
import { send } from '../../api/http.ts';
import type { RechargePackage } from './logic.ts';

export type { GenerateBody, LedgerRow, BillDisplayReply as BillDisplay } from '@5a/contracts/endpoints/fees';

export type Id = string | number;

export const generateBills = (data: GenerateBody) => callMsg(feesApi.generate, data);

export type { ChargeBody } from '@5a/contracts/endpoints/fees';
export type OnlineOrder = Extract<ReplyOfCharge, { orderId: number }>;
type ReplyOfCharge = Awaited<ReturnType<typeof call<typeof feesApi.charge>>>;
export const charge = (body: Parameters<typeof call<typeof feesApi.charge>>[1]) => callMsg(feesApi.charge, body);
export const fetchOrderState = (orderId: Id): Promise<OrderStateReply> =>
  call(feesApi.orderState, { orderId }, { silent: true });

export const fetchBillDisplay = (ids: Id[]) => call(feesApi.billDisplay, { ids });

export const signBills = (body: { bill_ids: Id[]; status: number; invoice_no: string }) =>
  callMsg(feesApi.billSign, body);

export type PackageData = { pgs: RechargePackage[]; bl: number | string };
export const fetchPackages = () => call(feesApi.getPackage, {});
export const savePackages = (body: { pgs: RechargePackage[]; bl: number }) => callMsg(feesApi.savePackage, body);
export const rechargeBalance = (body: { id: Id; bj: number; yh: number }) => callMsg(feesApi.recharge, body);

/** the ledger of a house; a configured row action may name another ledger url answering the same */
export const LEDGER_URL = feesApi.ledger.path;
export const fetchLedger = (url: string, body: { house_id: Id; current: number; size: number }) =>
  send<LedgerReply>(url, body);

export type Reminder = { msg_reminder: number | string | null; list_reminder: number | string | null };
export const fetchReminder = () => call(feesApi.balanceReminder, {});
export const saveReminder = (body: Reminder) => callMsg(feesApi.balanceReminder, body);

export const fetchRevenue = (search: boolean, body: Parameters<typeof call<typeof feesApi.revenue>>[1]) =>
  call(feesApi.revenue, body, { query: { isSearch: search ? '1' : undefined } });
export const fetchFinancial = (
  tabkey: string | undefined,
  body: Parameters<typeof call<typeof feesApi.financial>>[1],
) => call(feesApi.financial, body, { query: { tabkey } });

/** Renewal order (radio = years, money, payway 4) → the platform's QR code. */
export type { ServiceOrder } from '@5a/contracts/endpoints/services';
export const fetchServices = () => call(servicesApi.list, {});
export const orderService = (body: { id: Id; radio: number; money: string; payway: number }) =>
  call(servicesApi.order, body);
export const fetchServiceOrderState = (orderId: Id) => call(servicesApi.orderState, { orderId }, { silent: true });
