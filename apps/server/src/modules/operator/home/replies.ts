import { z } from 'zod';

/** The operator home's, the cockpit's and the one-map's replies, as the serializer checks them and /docs shows them. */
const id = z.number().int();
const int = z.number().int();
const nums = z.array(z.number());
const slices = z.array(z.object({ name: z.string(), value: z.number(), color: z.string().optional() }));
const monthSeries = z.object({
  months: z.array(z.string()).describe('YYYY-MM'),
  series: z.array(z.object({ name: z.string(), data: nums })),
});
const countItems = z.array(
  z.object({
    key: z.string(),
    title: z.string(),
    num: z.union([z.number(), z.string()]),
    dw: z.string(),
    url: z.string(),
  }),
);

const homeCommon = {
  name: z.string(),
  baseItem: countItems,
  iotList: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      online: int,
      offline: int,
      onLabel: z.string(),
      offLabel: z.string(),
      connected: z.boolean(),
    }),
  ),
  lineList: monthSeries,
};
export const operatorHomeReply = z.discriminatedUnion('super', [
  z.object({ super: z.literal(true), ...homeCommon }),
  z.object({
    super: z.literal(false),
    ...homeCommon,
    operatorName: z.string(),
    expireDate: z.string(),
    modules: z.array(z.object({ title: z.string(), url: z.string(), icon: z.string() })),
    tasks: countItems,
    reminders: z.array(
      z.object({ key: z.string(), title: z.string(), expire: z.string(), daysLeft: int, url: z.string() }),
    ),
    footer: z.array(
      z.object({
        id,
        name: z.string(),
        villages: int,
        houses: int,
        owners: int,
        persons: int,
        service_expire: z.string(),
        days_left: int.nullable().describe('null 为长期，负数为已过期天数'),
      }),
    ),
  }),
]);

export const cockpitOverviewReply = z.object({
  regionCode: z.string(),
  regionName: z.string(),
  villageList: z.array(z.object({ id, name: z.string(), lonlat: z.string() })),
  operatorUser: int,
  sysTenantUser: int,
  villageCount: int,
  buildCount: int,
  tenantUser: int,
  ownerHouse: int,
  ownerGatePerson: int,
  oneRate: z.number().describe('%'),
  twoRate: z.number().describe('%'),
  months: z.array(z.string()),
  ownerGatePersonEchartOne: nums,
  ownerGatePersonEchartTwo: nums,
  renewalCooperationOne: nums,
  renewalCooperationTwo: nums.describe('元'),
  renewalCooperationThr: nums,
  renewalCooperationAnalysisOne: slices,
  renewalCooperationAnalysisTwo: slices,
  expireOperatorUser: int,
  expireTenant: int,
  expireVillage: int,
  expireAdv: int,
  anticipationMonths: z.array(z.string()),
  anticipationOne: nums.describe('元'),
  anticipationTwo: nums,
});

export const cockpitIncomeReply = z.object({
  year: int.describe('往年为其最后一年'),
  period: z.enum(['year', 'past']).describe('year 一年，past 往年（今年以前的各年合计）'),
  label: z.string().describe('2026年 / 2025年及以前'),
  tenant: int,
  village: int,
  member: int,
  yearList: slices.describe('元'),
  total: z.number(),
  renewal: z.number(),
  paid: z.number(),
  guarantee: z.number(),
  parking: z.number(),
  property: z.number(),
  adv: z.number(),
  villageRank: slices,
  saleType: slices,
  hotPaid: slices,
  advTenant: int,
  advExpireTenant: int,
  advFree: int,
});

const record = z.object({ id, name: z.string(), village: z.string(), time: z.string(), type: z.string() });
const warning = z.object({ id, title: z.string(), village: z.string(), time: z.string() });
export const cockpitIotReply = z.object({
  village: int,
  villageControl: int,
  untControl: int,
  in15: int,
  in30: int,
  todayIn: int,
  todayOut: int,
  todayInList: z.array(record),
  carIn: int,
  control: int,
  parking: int,
  video: int,
  aiVideo: int,
  ladder: int,
  stranger: int,
  fell: int,
  parkingRoad: int,
  garbageExposure: int,
  intrusionWarning: int,
  highAltitudeParabola: int,
  unconnected: z.array(z.string()),
  warningList: z.array(warning),
});
