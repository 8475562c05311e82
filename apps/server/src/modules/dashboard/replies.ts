import { z } from 'zod';
import { indexModules } from '@5a/contracts';

/** The workbench's and the repair statistics' replies, as the serializer checks them and /docs shows them. */
const id = z.number().int();
const slice = z.object({ name: z.string(), value: z.number(), color: z.string().optional() });
const monthSeries = z.object({
  months: z.array(z.string()).describe('YYYY-MM'),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
});

const countItem = z.object({
  key: z.string(),
  title: z.string(),
  num: z.union([z.number(), z.string()]),
  dw: z.string().describe('单位'),
  url: z.string(),
});
const panels = z.object({
  count_panel: z.array(countItem).optional(),
  report_repair: z.object({ report_repair_bx: monthSeries, report_repair_bs: z.array(slice) }).optional(),
  revenue_amount: z
    .object({ sftj: z.array(slice), skzc: z.array(slice), qftj: z.array(slice) })
    .describe('元')
    .optional(),
  estate_revenue: z
    .array(
      z.object({ village_id: id, name: z.string(), receivable: z.number(), received: z.number(), rate: z.number() }),
    )
    .optional(),
  notice: z
    .array(z.object({ id: z.string(), title: z.string(), content: z.string(), time: z.string(), url: z.string() }))
    .optional(),
  event_dynamics: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        content: z.string(),
        time: z.string(),
        status: z.string(),
        url: z.string(),
      }),
    )
    .optional(),
  early_list: z
    .array(z.object({ id, title: z.string(), type: z.number().int(), time: z.string(), village: z.string() }))
    .optional(),
});

const head = {
  name: z.string(),
  greeting: z.string(),
  baseData: z.array(z.object({ title: z.string(), num: z.number(), url: z.string(), icon: z.string() })),
};
export const workbenchReply = z.discriminatedUnion('super', [
  z.object({ super: z.literal(true), ...head }),
  z.object({ super: z.literal(false), ...head, indexModule: z.array(z.enum(indexModules)), panels }),
]);

export const repairStatsReply = z.object({
  villages: z.array(z.object({ id, name: z.string() })),
  village_id: id.describe('0 为全部'),
  start_month: z.string(),
  end_month: z.string(),
  taskNumList: z.array(z.object({ key: z.string(), title: z.string(), num: z.number().int() })),
  bxinfo: z.object({ trend: monthSeries, byVillage: monthSeries, byCategory: z.array(slice) }),
  bsinfo: monthSeries,
  yc: monthSeries,
  bx: monthSeries,
});
