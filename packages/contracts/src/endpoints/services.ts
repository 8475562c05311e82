import { endpoint, type Id, type NoBody } from '../endpoint.ts';

type Options = { label: string; value: number | string }[];

/** A service a company renews: status 1 active (until endtime), 2 not taken or lapsed. */
export type ServiceCard = {
  id: number;
  icon: string;
  title: string;
  desc: string;
  status: 1 | 2;
  endtime: string;
  /** yuan a year */
  price: string;
};

/** radio: years (1 or 2); payway 4 (WeChat); money: the price the page showed, refused when stale */
export type ServiceOrderBody = {
  id: Id;
  radio?: number | string;
  years?: number | string;
  payway: number | string;
  money?: string | number;
};
export type ServiceOrder = {
  orderId: number;
  outTradeNo: string;
  codeUrl: string;
  money: string;
  years: number;
  title: string;
};
export type ServiceOrderState = {
  orderId: number;
  outTradeNo: string;
  state: string;
  paid: boolean;
  money: string;
  endtime: string;
};

/** a property company's subscription: the shell's banner before and after its expiry */
export type ServiceState = {
  expire: string;
  daysLeft: number | null;
  graceDays: number;
  readOnly: boolean;
  message: string;
};

/** Services: a company's renewals and subscription state; the platform's and operators' service selects. */
export const servicesApi = {
  list: endpoint<NoBody, { list: ServiceCard[]; canRenew: boolean }>('/Web/Renewal/Service/index'),
  order: endpoint<ServiceOrderBody, ServiceOrder>('/Web/Renewal/Service/order'),
  orderState: endpoint<{ orderId: Id }, ServiceOrderState>('/Web/Renewal/Service/orderState'),
  state: endpoint<NoBody, ServiceState>('/Web/Renewal/Service/state'),
  /** the web menus a service may unlock */
  menuOptions: endpoint<NoBody, Options>('/Web/Renewal/ProFeeItem/menuOptions'),
  /** the provinces and cities an operator may serve */
  regionOptions: endpoint<NoBody, Options>('/Sys/CarrierOperator/Operator/regionOptions'),
  /** the services a company may take: its operator's plan (the platform names the operator) */
  serviceOptions: endpoint<{ operator_id?: Id }, Options>('/Operator/Tenant/serviceOptions'),
} as const;
