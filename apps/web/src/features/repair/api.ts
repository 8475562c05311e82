import {
  repairApi,
  type CompleteBody,
  type DispatchBody,
  type ReasonBody,
  type VisitBody,
} from '@5a/contracts/endpoints/repair';
import { call, callMsg } from '../../api/call.ts';

/**
 * The repair screens' calls. A row action's configured api names the endpoint (派单 or 改派; 减免, 取消 or 答复; each
 * one-call step): it is called at that path with the contract of its dialog, which every endpoint it may name shares.
 */
export const fetchRepairDetail = (id: number, api?: string) => call(repairApi.flow, { id }, { at: api });
export const fetchWorkers = (id: number) => call(repairApi.workers, { id });

/** 接单, 开始处理, 确认收款, 关闭, 转工单 …: {id} to the step the action names (the reply's msg is shown) */
export const runStep = (api: string, id: number) => callMsg(repairApi.accept, { id }, { at: api });
export const dispatchOrder = (api: string, body: DispatchBody) => callMsg(repairApi.dispatch, body, { at: api });
export const completeOrder = (api: string, body: CompleteBody) => callMsg(repairApi.complete, body, { at: api });
export const visitOrder = (api: string, body: VisitBody) => callMsg(repairApi.visit, body, { at: api });
export const giveReason = (api: string, body: ReasonBody) => callMsg(repairApi.cancel, body, { at: api });

/** 标记已读 of the chosen reports */
export const markChosenRead = (ids: (string | number)[], api?: string) =>
  callMsg(repairApi.markRead, { ids }, { at: api });
