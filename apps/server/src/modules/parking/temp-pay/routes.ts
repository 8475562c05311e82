import type { FastifyInstance } from 'fastify';
import { parkingApi, parkingPayApi } from '@5a/contracts/endpoints/parking';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { registerNotifyRoute } from '../../payment/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { tempFeeReply, tempOrderReply, tempQrReply, tempStateReply } from '../replies.ts';
import {
  feeBody,
  lookupFee,
  lotTokenKey,
  orderBody,
  placeTempOrder,
  settleTempOrder,
  stateBody,
  tempOrderState,
  tempQr,
  tempQrBody,
  type TempPayConfig,
} from './service.ts';

const tags = ['临时停车缴费（免登录）'];
/** public calls per client address and minute: a driver needs a few, a plate scanner many */
export const TEMP_PAY_PER_MINUTE = 30;
const limited = (name: string) => ({
  access: 'public' as const,
  rateLimit: {
    max: TEMP_PAY_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (req: { ip: string }) => `${name}:${req.ip}`,
  },
});

/** 临时停车费: the lot's QR code for the back office, and the public phone page's calls. */
export const registerTempPayRoutes = async (app: FastifyInstance, deps: ModuleDeps): Promise<void> => {
  const { db, config, registry } = deps;
  const cfg: TempPayConfig = {
    key: lotTokenKey(config.configSecretKey),
    publicBaseUrl: config.publicBaseUrl,
    registry,
  };
  await registerNotifyRoute(app, deps, {
    path: '/Web/NoLoginApi/ParkingPay/notify/:tenantId',
    tags,
    summary: '临时停车费支付结果通知（支付渠道回调，验签后幂等结算）',
    settle: settleTempOrder,
  });
  serve(
    app,
    parkingApi.tempQr,
    {
      tags: ['停车'],
      summary: '临时停车费二维码 {id, qr_type, entry_no, show_name, show_type} → {baseurl, desc, qr_type, filename}',
      body: tempQrBody,
      reply: tempQrReply,
      access: { perm: 'ParkingBox:view' },
      writes: false,
    },
    async (body, req) => tempQr(db, callerOf(req), body, cfg),
  );
  serve(
    app,
    parkingPayApi.fee,
    {
      tags,
      summary: '查询停车费 {lot, plate} → 入场时间、停车时长、应缴金额',
      body: feeBody,
      reply: tempFeeReply,
      ...limited('parkFee'),
    },
    async (body) => lookupFee(db, cfg, body),
  );
  serve(
    app,
    parkingPayApi.order,
    {
      tags,
      summary: '去支付 {lot, plate, code?} → {outTradeNo, amount, codeUrl, jsapi?}',
      body: orderBody,
      reply: tempOrderReply,
      ...limited('parkOrder'),
    },
    async (body) => placeTempOrder(db, cfg, body),
  );
  serve(
    app,
    parkingPayApi.state,
    {
      tags,
      summary: '支付结果 {lot, out_trade_no} → {state, paid, amount, owed, grace, leaveBy}',
      body: stateBody,
      reply: tempStateReply,
      ...limited('parkState'),
    },
    async (body) => tempOrderState(db, cfg, body),
  );
};
