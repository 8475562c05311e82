import { z } from 'zod';

/** The replies of the fee module's own calls, as the serializer checks them and /docs shows them. */
const yuan = z.string().describe('元，两位小数');

export const generateReply = z.object({
  houses: z.number().int().describe('所选房屋数'),
  items: z.number().int().describe('收费项目数'),
  village: z.string().describe('所选小区（未选为空）'),
  itemNames: z.array(z.string()).describe('收费项目名称'),
  inserted: z.number().int().describe('新增账单条数'),
  existed: z.number().int().describe('所选周期已有的账单条数（未重复生成）'),
  msg: z.string(),
});

export const chargeReply = z.union([
  z.object({
    paymentId: z.number().int(),
    total: yuan,
    discount: z.string().describe('折扣 %'),
    amount: yuan,
    orderNum: z.string().describe('订单编号（现金为系统生成）'),
    msg: z.string(),
  }),
  z.object({
    orderId: z.number().int(),
    outTradeNo: z.string(),
    codeUrl: z.string().describe('二维码内容'),
    amount: yuan,
    total: yuan,
    discount: z.string(),
    payToken: z.string(),
    payUrl: z.string(),
    wapUrl: z.string(),
  }),
]);

export const orderStateReply = z.object({
  orderId: z.number().int(),
  outTradeNo: z.string(),
  state: z.string(),
  paid: z.boolean(),
  amount: yuan,
});

export const billDisplayReply = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  countItem: z.array(z.object({ title: z.string(), num: z.string() })),
});

export const countReply = z.object({ count: z.number().int() });

export const packagesReply = z.object({
  pgs: z.array(z.object({ principal: yuan, present: yuan })),
  bl: z.string().describe('充值倍率'),
});

export const rechargeReply = z.object({ balance: yuan, arrival: yuan });

export const ledgerReply = z.object({
  records: z.array(
    z.object({
      id: z.number().int(),
      kind: z.number().int(),
      before: yuan,
      change: yuan,
      after: yuan,
      reason: z.string(),
      user_name: z.string(),
      created_at: z.string(),
    }),
  ),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
  pageCount: z.number().int(),
});

export const reminderReply = z.object({ msg_reminder: yuan, list_reminder: yuan });

const slices = z.array(z.object({ name: z.string(), value: z.number(), color: z.string().optional() }));
export const revenueReply = z.object({
  sftj: slices.optional().describe('收费统计'),
  skzc: slices.optional().describe('收款组成'),
  qftj: slices.optional().describe('欠费统计'),
  qfinfo: slices.optional().describe('欠费按月'),
  super: z.boolean().optional().describe('true：不绘制'),
});

export const financialReply = z.object({
  tabs: z.array(z.object({ key: z.string(), title: z.string() })),
  tabkey: z.string(),
  columnarInfo: z.object({
    xAxis: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
  }),
  tableColumn: z.array(z.object({ prop: z.string(), label: z.string() })),
  tableData: z.array(
    z.object({
      name: z.string(),
      count: z.number(),
      receivable: yuan,
      received: yuan,
      unpaid: yuan,
      late: yuan,
      rate: z.string(),
    }),
  ),
  tableTitle: z.string(),
  villageList: z.array(z.object({ id: z.number().int(), name: z.string() })),
  carSquireList: z.array(z.object({ id: z.union([z.string(), z.number()]), name: z.string() })),
});
