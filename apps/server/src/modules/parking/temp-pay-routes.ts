import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import { registerNotifyRoute } from '../payment/index.ts';
import type { ModuleDeps } from '../types.ts';
import { LOT_BASE } from './lots.ts';
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
} from './temp-pay.ts';

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
  const { db, config } = deps;
  const cfg: TempPayConfig = { key: lotTokenKey(config.configSecretKey), publicBaseUrl: config.publicBaseUrl };
  await registerNotifyRoute(app, deps.db, {
    path: '/Web/NoLoginApi/ParkingPay/notify/:tenantId',
    tags,
    summary: '临时停车费支付结果通知（支付渠道回调，验签后幂等结算）',
    settle: settleTempOrder,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    `${LOT_BASE}/tempQr`,
    {
      schema: {
        tags: ['停车'],
        summary: '临时停车费二维码 {id, qr_type, entry_no, show_name, show_type} → {baseurl, desc, qr_type, filename}',
        body: tempQrBody,
      },
      config: { access: { perm: 'ParkingBox:view' }, writes: false },
    },
    async (req) => ok(await tempQr(db, callerOf(req), req.body, cfg)),
  );
  api.post(
    '/Web/NoLoginApi/ParkingPay/fee',
    {
      schema: { tags, summary: '查询停车费 {lot, plate} → 入场时间、停车时长、应缴金额', body: feeBody },
      config: limited('parkFee'),
    },
    async (req) => ok(await lookupFee(db, cfg, req.body)),
  );
  api.post(
    '/Web/NoLoginApi/ParkingPay/order',
    {
      schema: { tags, summary: '去支付 {lot, plate, code?} → {outTradeNo, amount, codeUrl, jsapi?}', body: orderBody },
      config: limited('parkOrder'),
    },
    async (req) => ok(await placeTempOrder(db, cfg, req.body)),
  );
  api.post(
    '/Web/NoLoginApi/ParkingPay/state',
    {
      schema: {
        tags,
        summary: '支付结果 {lot, out_trade_no} → {state, paid, amount, owed, grace, leaveBy}',
        body: stateBody,
      },
      config: limited('parkState'),
    },
    async (req) => ok(await tempOrderState(db, cfg, req.body)),
  );
};
