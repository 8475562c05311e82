import { apictureDeviceKinds, apictureMarkKinds, apictureSearchTypes } from '@5a/contracts';
import { z } from 'zod';

/** The one-map's replies, as the serializer checks them and /docs shows them. */
const id = z.number().int();
const int = z.number().int();

const apictureVillage = z.object({
  id,
  name: z.string(),
  lonlat: z.string().describe("'lon,lat'，'' 为未设置"),
  geom: z.string(),
  tenantName: z.string(),
  address: z.string(),
});
export const apictureVillageInfoReply = apictureVillage.extend({
  regionName: z.string(),
  buildings: int,
  houses: int,
  livedHouses: int,
  owners: int,
  residents: int,
  renters: int,
  occupancyRate: z.number().describe('%'),
  expireDate: z.string().describe("'' 为长期"),
  daysLeft: int.nullable(),
  advNum: int.describe('广告位数'),
  workers: int,
  parkingLots: int,
  parkingSpaces: int,
  repairs: int,
  repairsOpen: int,
  repairsDone: int,
  reports: int,
  visitorsToday: int,
  patrolTasksToday: int,
  patrolDoneToday: int,
  doors: int,
  doorsOnline: int,
  lanes: int,
  cameras: int,
  passagesToday: int,
  carsToday: int,
  openAlerts: int,
});
export const apictureReply = z.object({
  villageList: z.array(apictureVillage),
  counts: z.object({ village: int, building: int, house: int, owner: int, person: int, tenant: int }),
  tiles: z.object({ plane: z.string(), satellite: z.string() }).describe("底图瓦片地址（'' 为无瓦片的素色底图）"),
  mayDispatch: z.boolean().describe('可否派单'),
  village: apictureVillageInfoReply.optional(),
});
export const apictureSearchReply = z.array(
  z.object({
    type: z.enum(apictureSearchTypes),
    id,
    name: z.string(),
    villageId: id,
    villageName: z.string(),
    building: z.string(),
    house: z.string(),
    detail: z.string(),
    kind: z.enum(apictureDeviceKinds).optional().describe('设备类型：door 门禁，lane 车道，camera 监控'),
  }),
);
const mark = z.object({
  id,
  name: z.string(),
  villageId: id,
  lonlat: z.string(),
  state: int.describe('1 正常，2 异常'),
});
export const apictureLayersReply = z.object({
  vid: id,
  building: z.array(mark),
  resident: z.array(mark),
  door: z.array(mark),
  lane: z.array(mark),
  camera: z.array(mark),
  repair: z.array(mark),
  patrol: z.array(mark),
  worker: z.array(mark),
  truncated: z.array(z.enum(apictureMarkKinds)),
});
export const apictureDetailReply = z.object({
  kind: z.enum(apictureMarkKinds),
  id,
  title: z.string(),
  villageId: id,
  villageName: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  images: z.array(z.string()),
  streamUrl: z.string(),
  dispatchable: z.boolean(),
});
export const apictureAlertsReply = z.array(
  z.object({
    id,
    title: z.string(),
    type: int,
    typeName: z.string(),
    villageId: id,
    villageName: z.string(),
    createTime: z.string(),
    handled: int.describe('1 已处理，2 未处理'),
    orderId: id.nullable(),
  }),
);
export const apictureWorkersReply = z.array(z.object({ value: id, label: z.string() }));
export const apictureDispatchReply = z.object({ order_id: id, id, status: int });
