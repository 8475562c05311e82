import { z } from 'zod';

/** The epidemic screen's replies, as the serializer checks them and /docs shows them. */
const int = z.number().int();
const ints = z.array(int);
const village = z.object({ id: int, name: z.string() });

export const epidemicContrastReply = z.object({
  type: z.enum(['year', 'month']),
  categoryName: z.array(z.string()).describe('月份 YYYY-MM（year）或日期 YYYY-MM-DD（month）'),
  geli: ints.describe('新增隔离'),
  quezheng: ints.describe('新增红码'),
  jichu: ints.describe('解除隔离'),
  zhengchang: ints.describe('正常通行'),
  yichang: ints.describe('异常通行（触发告警）'),
  list: z
    .object({ categoryName: z.array(z.string()), geli: ints, quezheng: ints, jichu: ints })
    .describe('各小区在本期的隔离、红码、解除'),
  total: z.object({ geli: int, quezheng: int, jichu: int, zhengchang: int, yichang: int }),
});

export const epidemicScreenReply = z.object({
  villages: z.array(village).describe('可选小区'),
  vid: int.describe('所选小区，0 为全部'),
  villageList: z.array(
    village.extend({
      lonlat: z.string(),
      geom: z.string(),
      risk: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 低 1 中 2 高风险'),
    }),
  ),
  deviceList: z.array(
    z.object({
      id: int,
      name: z.string(),
      village_id: int,
      village_name: z.string(),
      gateno: z.string(),
      device_type: int,
      direction: int,
      model: z.string(),
      path: z.string(),
      worker: z.string(),
      workerphone: z.string(),
      online: int,
      lonlat: z.string(),
    }),
  ),
  control: z.object({ untreated: int, controlled: int, released: int }).describe('未处理、管控中、已解除'),
  isolation: z.object({ gelitotal: int, quezhengtotal: int, jiangdaoqitotal: int, jichutotal: int }),
  overview: z.object({ buildings: int, houses: int, villages: int, staff: int }),
  sensing: z.object({ passers: int, healthy: int, abnormal: int, normal: int }).describe('今日通行'),
  alerts: z.object({
    list: z.array(
      z.object({
        id: int,
        village_name: z.string(),
        name: z.string(),
        location: z.string(),
        reason: z.string(),
        create_time: z.string(),
      }),
    ),
    total: int,
  }),
  riskVillages: z.array(village.extend({ risk: z.union([z.literal(1), z.literal(2)]), red: int, yellow: int })),
  contrast: epidemicContrastReply,
});

const hits = z.array(
  z.object({ id: int, name: z.string(), village_id: int, village_name: z.string(), detail: z.string() }),
);
export const epidemicSearchReply = z.object({ villagelist: hits, devicelist: hits, personlist: hits });
