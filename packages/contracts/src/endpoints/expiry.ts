import { dialogEndpoint, endpoint, type Id, type NoBody } from '../endpoint.ts';

const BASE = '/Sys/CarrierOperator';

/** the rows chosen on the list: one id, an array or a comma list */
type Chosen = { ids: Id | Id[] | string };

/** 延期: days (1–365) added to the end (from yesterday once it has passed) and why */
export type ExtendBody = Chosen & { days: number | string; reason: string };
/** 续费 of an operator's contract: whole years (1–5) */
export type ContractRenewBody = Chosen & { years: number | string; remark?: string };
/**
 * 线下续费 of companies' platform subscription: years (1–5), how it was paid, the amount a company the dialog showed
 * (refused when the price changed meanwhile) and a note.
 */
export type OfflineRenewBody = Chosen & {
  years: number | string;
  pay_method: number | string;
  money?: string;
  remark?: string;
};

/** each moved row and its new end (YYYY-MM-DD) */
export type MovedReply = { moved: { id: number; name: string; expire: string }[] };
/** the platform subscription's price a year (yuan, two decimals) */
export type RenewPriceReply = { title: string; price: string };

export const EXTEND_MAX_DAYS = 365;
export const RENEW_MAX_YEARS = 5;

/** how an offline renewal was paid: codes of service_orders.pay_method beside the provider's 4 (微信支付) */
export const OFFLINE_PAY_METHODS = [
  { label: '现金', value: 2 },
  { label: '转账', value: 6 },
  { label: '其他', value: 9 },
] as const;

/** The expiry lists' actions: they move the end dates of the rows chosen on 到期运营商 / 到期物业公司 / 到期小区. */
export const expiryApi = {
  tenantRenew: dialogEndpoint<OfflineRenewBody, MovedReply>(`${BASE}/ExpireTenant/renew`, {
    screen: 'ExpireTenant',
    dialog: 'expireTenantRenew',
    title: '续费',
    selection: 'multi',
  }),
  tenantRenewPrice: endpoint<NoBody, RenewPriceReply>(`${BASE}/ExpireTenant/renewPrice`),
  tenantExtend: dialogEndpoint<ExtendBody, MovedReply>(`${BASE}/ExpireTenant/extend`, {
    screen: 'ExpireTenant',
    dialog: 'expireTenantExtend',
    title: '延期',
    selection: 'multi',
  }),
  operatorRenew: dialogEndpoint<ContractRenewBody, MovedReply>(`${BASE}/ExpireOperator/renew`, {
    screen: 'ExpireOperator',
    dialog: 'expireOperatorRenew',
    title: '续费',
    selection: 'multi',
  }),
  operatorExtend: dialogEndpoint<ExtendBody, MovedReply>(`${BASE}/ExpireOperator/extend`, {
    screen: 'ExpireOperator',
    dialog: 'expireOperatorExtend',
    title: '延期',
    selection: 'multi',
  }),
  villageExtend: dialogEndpoint<ExtendBody, MovedReply>(`${BASE}/ExpireVillage/extend`, {
    screen: 'ExpireVillage',
    dialog: 'expireVillageExtend',
    title: '延期',
    selection: 'multi',
  }),
} as const;
