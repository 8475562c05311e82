import { z } from 'zod';

/** The big screens' replies, as the serializer checks them and /docs shows them. */
const int = z.number().int();
const ints = z.array(int);
const mark = z.object({ id: int, name: z.string(), village_id: int, lonlat: z.string(), online: int });

export const weatherReply = z.object({
  configured: z.boolean().describe('false：未配置天气服务'),
  provider: z.enum(['qweather', 'sandbox', '']),
  location: z.string(),
  weather: z.string(),
  temperature: z.string().describe('今日最低~最高'),
  temperature_curr: z.string().describe('当前温度'),
  api: z.string().describe('空气质量指数'),
  aqi: z.string().describe('空气质量类别'),
  pm25: z.string().describe('PM2.5（μg/m³），空为未接入'),
  updated_at: z.string(),
  msg: z.string(),
});

export const dataScreenReply = z.object({
  vid: int.describe('所选小区，0 为全部'),
  start_time: z.string(),
  end_time: z.string(),
  villageOptions: z.array(z.object({ id: int, name: z.string() })),
  panelInfo: z.object({
    curLonlat: z.string(),
    villageList: z.array(z.object({ id: int, name: z.string(), lonlat: z.string(), geom: z.string() })),
    buildList: z.array(mark),
    videoList: z.array(mark),
    accessList: z.array(mark),
    parkingList: z.array(mark),
    pointList: z.array(mark),
    village: int,
    building: int,
    house: int,
    owner: int,
    usingHouse: int,
    tenant: int,
    visitor: int,
    proPerson: int,
    occupancyRate: z.number().describe('入住率 %'),
    trafficRecord: int.describe('今日通行'),
    intelligentPatrol: int.describe('今日巡更任务'),
    intelligentPatrolSuc: int.describe('今日完成巡更'),
    repairStatistics: int,
    repairStatisticsErr: int.describe('未完成'),
    repairStatisticsSuc: int.describe('已完成'),
    vehicleEntryexitList: z.array(
      z.object({ id: int, picimg: z.string(), platenum: z.string(), create_time: z.string(), is_type: int }),
    ),
  }),
  traffic: z.object({
    categoryName: z.array(z.string()).describe('YYYY-MM'),
    into: ints,
    out: ints,
    carInto: ints,
    carOut: ints,
    patrolRate: z.array(z.number()),
    repairs: ints,
    visitors: ints,
    revenue: z.array(z.number()).describe('元'),
  }),
  repairInfo: z.array(
    z.object({
      id: int,
      problem: z.string(),
      imgs: z.string(),
      create_time: z.string(),
      village_name: z.string(),
      status: int,
    }),
  ),
  statistics: z.object({
    interControlNum: int,
    parkNum: int,
    videoNum: int,
    aiVideo: int,
    autoCharging: int,
    ladder: int,
    unconnected: z.array(z.enum(['aiVideo', 'autoCharging', 'ladder'])).describe('未接入'),
  }),
  parkingIot: z.object({ parkNum: int, parking: int, surplus: int }),
  vehicleEntryexit: z.object({ into: int, out: int }),
  weather: weatherReply,
});
