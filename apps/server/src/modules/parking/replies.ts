import { z } from 'zod';

/** The replies of the parking module's own calls, as the serializer checks them and /docs shows them. */
const yuan = z.string().describe('元，两位小数');
const int = () => z.number().int();

export const generateSpacesReply = z.object({
  inserted: int().describe('新增车位数'),
  skipped: int().describe('已存在跳过数'),
});

export const idReply = z.object({ id: int() });

export const associateReply = z.object({
  id: int(),
  bill_id: int().optional().describe('首期账单'),
  amount: yuan.optional().describe('首期账单金额'),
});

export const renewInfoReply = z.object({
  id: int(),
  pname: z.string().describe('业主'),
  tel: z.string(),
  type: int().describe('1 固定车位 / 2 租赁车位'),
  classify: int().describe('车位类型'),
  spaceNum: z.string().describe('车位编号'),
  monthly_fee: yuan,
  cleaning_fee: yuan,
  total: yuan.describe('一个月的月租与清洁费'),
  end_date: z.string().describe('当前到期日，长期为空'),
  starttime: z.string().describe('续费起始日'),
  isLongTime: int().describe('1 长期 / 2 短期'),
  unpaid: z.boolean().describe('有未缴的续费账单'),
});

export const chargeReply = z.object({
  bill_id: int(),
  amount: yuan,
  paid: z.boolean().describe('true：已当场收款'),
  msg: z.string(),
});

const villageRow = z.object({ id: int(), name: z.string() });
const passages = z.object({ into: int(), out: int() });
export const statsReply = z.object({
  villages: z.array(villageRow),
  village_id: int().describe('0 为全部小区'),
  date_range: z.tuple([z.string(), z.string()]),
  parkingIot: z.object({ parkNum: int(), parking: int(), surplus: int() }),
  lots: z.array(z.object({ id: int(), name: z.string(), capacity: int(), parking: int(), surplus: int() })),
  hourly: z.array(passages.extend({ hour: int() })),
  vehicleEntryexit: passages,
  vehicleEntryexitList: z.array(
    z.object({ picimg: z.string(), platenum: z.string(), create_time: z.string(), is_type: int() }),
  ),
  revenue: z.array(z.object({ lot_id: int(), lot: z.string(), temp: yuan, renewal: yuan, card: yuan })),
});

export const tempQrReply = z.object({
  baseurl: z.string().describe('缴费页地址（二维码内容）'),
  desc: z.string().describe('二维码下方的说明'),
  qr_type: int(),
  filename: z.string(),
});

export const tempFeeReply = z.object({
  lotName: z.string(),
  plate: z.string(),
  entryTime: z.string(),
  minutes: int().describe('停车时长（分钟）'),
  fee: yuan.describe('应缴'),
  paid: yuan.describe('已缴'),
  paidAt: z.string(),
  leaveBy: z.string().describe('此前离场无需再缴；未缴为空'),
  monthlyCard: z.boolean(),
  graceMinutes: int(),
  appId: z.string().describe('公众号 appId（微信内授权）；sandbox 为演示'),
});

export const tempOrderReply = z.object({
  outTradeNo: z.string(),
  amount: yuan,
  codeUrl: z.string(),
  jsapi: z
    .object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    })
    .optional()
    .describe('微信内 JSAPI 支付参数'),
});

export const tempStateReply = z.object({
  state: z.string(),
  paid: z.boolean(),
  amount: yuan,
  paidAt: z.string(),
  owed: yuan.describe('仍需补缴（元）'),
  grace: z.boolean().describe('已付清：可在 leaveBy 前离场'),
  leaveBy: z.string(),
});

/** a device's answer: flat primitives, so checking it costs next to nothing */
export const gateEventReply = z.object({
  id: int(),
  event_id: z.string(),
  plate: z.string(),
  direction: z.union([z.literal(1), z.literal(2)]),
  decision: z.enum(['open', 'deny']).describe('open 放行 / deny 拒绝'),
  reason: z.string(),
  fee: yuan,
  time: z.string(),
  replay: z.boolean().describe('重发的事件：答复首次的决定'),
});
