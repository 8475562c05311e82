import { cityAgeGroups, citySearchTypes } from '@5a/contracts';
import { z } from 'zod';
import { weatherReply } from '../screens/replies.ts';

/** 城市信息中心's replies, as the serializer checks them and /docs shows them. */
const int = z.number().int();
const iot = z.object({
  key: z.string(),
  title: z.string(),
  online: int,
  offline: int,
  onLabel: z.string(),
  offLabel: z.string(),
  connected: z.boolean().describe('false：未接入'),
});
const ageKeys = cityAgeGroups.map((a) => a.key) as [
  (typeof cityAgeGroups)[number]['key'],
  ...(typeof cityAgeGroups)[number]['key'][],
];

export const cityReply = z.object({
  vid: int.describe('所选小区，0 为全部'),
  villageOptions: z.array(z.object({ id: int, name: z.string() })),
  weather: weatherReply,
  overview: z.object({
    village: int,
    building: int,
    owner: int,
    resident: int.describe('住户：业主、租户与家属'),
    tenant: int,
    visitor: int,
    house: int,
    usingHouse: int,
    occupancyRate: z.number().describe('入住率 %'),
  }),
  staff: z.object({
    steward: int.describe('管家'),
    security: int.describe('保安'),
    logistics: int.describe('后勤'),
    other: int.describe('其他'),
    total: int,
  }),
  ages: z.array(z.object({ key: z.enum(ageKeys), label: z.string(), num: int })),
  devices: z.array(iot),
  events: z.object({
    pending: int.describe('待处理：待派单工单与待处理事件上报'),
    processing: int.describe('处理中：已派单至待付款的工单'),
    overdue: int.describe('已超时：超过时限的未完成工单'),
    reminder: int.describe('催单/提醒：未处理的异常告警'),
  }),
  eventList: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['order', 'report']),
      id: int,
      title: z.string(),
      village_name: z.string(),
      address: z.string(),
      status: z.string(),
      dispatched: z.boolean().describe('已派'),
      create_time: z.string(),
    }),
  ),
  iotTypes: z.array(iot),
});

export const citySearchReply = z.array(
  z.object({
    type: z.enum(citySearchTypes),
    id: int,
    name: z.string(),
    village_name: z.string(),
    place: z.string(),
    detail: z.string(),
  }),
);
