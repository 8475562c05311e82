import type { WebPayParams } from './pay.ts';
import { dialogEndpoint, endpoint, type Id } from '../endpoint.ts';
import type { ParkingFigures } from '../parking.ts';

const P = '/Web/Parking';

/** 批量生成车位: numbers `${prefix}${n}` for n from start to end, n zero-padded to `pad` digits. */
export type GenerateSpacesBody = {
  lot_id: Id;
  prefix?: string;
  start: number;
  end: number;
  pad?: number;
  /** 1 固定车位, 2 租赁车位 */
  type?: number;
};
export type GenerateSpacesReply = { inserted: number; skipped: number };

/** 关联车位: the switches as 1/2; the dates are left out (and ignored) for a long-term association. */
export type AssociateBody = {
  spaceNum: Id;
  owner: Id;
  /** 1 固定车位, 2 租赁车位 */
  type?: number;
  /** 1 有效, 2 无效 */
  status?: number;
  /** 1 长期, 2 短期 */
  isLongTime?: number;
  /** YYYY-MM-DD */
  start_date?: string;
  end_date?: string;
  remark?: string;
  /** 1: a short-term rental bills its first term at once (unpaid, in 应收账单); 2 or nothing: no bill */
  bill_first?: number;
};
/** The association made, and its first term's bill when one was made. */
export type AssociateReply = { id: number; bill_id?: number; amount?: string };

/** 续费 form: what it shows read-only; fees and total (one month of both) in yuan. */
export type RenewInfoReply = {
  id: number;
  pname: string;
  tel: string;
  type: number;
  /** the space's type */
  classify: number;
  spaceNum: string;
  monthly_fee: string;
  cleaning_fee: string;
  total: string;
  /** '' when the association has no end */
  end_date: string;
  /** the first day a renewal would cover */
  starttime: string;
  /** 1 长期, 2 短期 */
  isLongTime: number;
  /** a renewal bill of it is still unpaid */
  unpaid: boolean;
};

/** 支付方式: 1 线上支付 (the bill waits unpaid in 应收账单), 2 现金, 3 银行卡, 4 支付宝, 5 微信 (collected at once). */
type PayType = number;
export type RenewBody = { id: Id; month: number; payType?: PayType };
export type CardTopUpBody = { vehicle_id: Id; package_id?: Id | null; payType?: PayType };
/** The bill made for a renewal or a top-up; paid: collected on site now. */
export type ParkingChargeReply = { bill_id: number; amount: string; paid: boolean; msg: string };

/** 0, '' or nothing: every village of the caller; the range [start, end] or 'start,end', blank: this month. */
export type ParkingStatsBody = { village_id?: Id | null; date_range?: [string, string] | string | null };

/** 临时停车费二维码 of a lot. */
export type TempQrBody = {
  id: Id;
  /** 1 出口缴费码, 2 场内缴费码 */
  qr_type?: number;
  /** the entry number printed below the code */
  entry_no?: string | number;
  show_name?: boolean;
  show_type?: boolean;
};
/** The signed pay-page address the code carries, its caption and the PNG's file name. */
export type TempQrReply = { baseurl: string; desc: string; qr_type: number; filename: string };

/** The spaces of a village held by a 有效 association somewhere in a period (no end: from the start on). */
export type TakenSpacesBody = { village_id: Id; start_date?: string; end_date?: string };
export type TakenSpace = { id: number; owner: string; until: string | null };

/** The back office's parking calls: spaces, associations and their renewals, monthly cards, the overview. */
export const parkingApi = {
  generateSpaces: endpoint<GenerateSpacesBody, GenerateSpacesReply>(`${P}/Space/generate`),
  associate: endpoint<AssociateBody, AssociateReply>(`${P}/Association/associate`),
  takenSpaces: endpoint<TakenSpacesBody, TakenSpace[]>(`${P}/Association/taken`),
  renewInfo: endpoint<{ id: Id }, RenewInfoReply>(`${P}/Association/renewInfo`),
  renew: endpoint<RenewBody, ParkingChargeReply>(`${P}/Association/renew`),
  cardTopUp: dialogEndpoint<CardTopUpBody, ParkingChargeReply>(`${P}/Card/topUp`, {
    screen: 'ParkingCar',
    dialog: 'parkingCardTopUp',
    title: '月卡充值',
    selection: 'single',
  }),
  stats: endpoint<ParkingStatsBody, ParkingFigures>(`${P}/Stats/index`),
  tempQr: endpoint<TempQrBody, TempQrReply>('/Web/Internet/ParkingBox/tempQr'),
} as const;

/** The lot's token (the QR code's lot parameter) and the plate, as the driver types it. */
export type TempFeeBody = { lot: string; plate: string };
/** The plate's stay in the lot and what it owes now (yuan). */
export type TempFeeReply = {
  lotName: string;
  /** normalized */
  plate: string;
  entryTime: string;
  minutes: number;
  fee: string;
  paid: string;
  /** '' when nothing was paid */
  paidAt: string;
  /** leave before this to pass the exit without paying again ('' when nothing was paid) */
  leaveBy: string;
  monthlyCard: boolean;
  graceMinutes: number;
  /** the company's official account for WeChat's sign-in ('' none, 'sandbox' the demo's) */
  appId: string;
};
/** code: WeChat's sign-in code, to pay inside WeChat (JSAPI). */
export type TempOrderBody = TempFeeBody & { code?: string };
/** WeChat's JSAPI pay parameters. */
/** the payment app's in-app pay parameters, as the online pay page gets them */
export type JsapiParams = WebPayParams;
export type TempOrderReply = { outTradeNo: string; amount: string; codeUrl: string; jsapi?: JsapiParams };
export type TempStateBody = { lot: string; out_trade_no: string };
export type TempStateReply = {
  state: string;
  paid: boolean;
  amount: string;
  paidAt: string;
  /** what the stay still owes now: to be paid at the exit (or by another order) */
  owed: string;
  /** the payment covered the stay: the exit opens until leaveBy */
  grace: boolean;
  leaveBy: string;
};

/** The public phone page's calls (no login): a car park's temporary fee. */
export const parkingPayApi = {
  fee: endpoint<TempFeeBody, TempFeeReply>('/Web/NoLoginApi/ParkingPay/fee'),
  order: endpoint<TempOrderBody, TempOrderReply>('/Web/NoLoginApi/ParkingPay/order'),
  state: endpoint<TempStateBody, TempStateReply>('/Web/NoLoginApi/ParkingPay/state'),
} as const;

/** 1 入场, 2 出场 */
export type GateDirection = 1 | 2;
/** A camera's signed capture. */
export type GateEventBody = {
  /** the device's own event number (unique per lane, the same when resent) */
  event_id: string;
  plate: string;
  direction: GateDirection;
  /** YYYY-MM-DD HH:mm:ss Beijing time; default: when received */
  time?: string;
  picture?: string;
};
/** The lane's decision; replay: the device sent this event before, the first decision answers again. */
export type GateEventReply = {
  id: number;
  event_id: string;
  plate: string;
  direction: GateDirection;
  decision: 'open' | 'deny';
  reason: string;
  /** yuan */
  fee: string;
  time: string;
  replay: boolean;
};

/** The barrier cameras' call (a device, signed; not the web's). */
export const gateApi = {
  event: endpoint<GateEventBody, GateEventReply>('/Parking/Gate/event'),
} as const;
