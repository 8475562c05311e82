import { apictureMarkKinds, apictureSearchTypeOfCode, apictureSearchTypes, idOf } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { advertFiguresOf } from '../../operator/index.ts';
import { DISPATCH_TIMES_ISSUE, dispatchFields, dispatchFromMap, dispatchTimesInOrder } from '../../repair/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { mapAlerts } from './alerts.ts';
import { markDetail } from './detail.ts';
import { mapLayers } from './layers.ts';
import {
  apictureAlertsReply,
  apictureDetailReply,
  apictureDispatchReply,
  apictureLayersReply,
  apictureReply,
  apictureSearchReply,
  apictureVillageInfoReply,
  apictureWorkersReply,
} from './replies.ts';
import { q, villageOf } from './scope.ts';
import { searchVillageList } from './search.ts';
import { apicture, DISPATCH_PERM, villageInfo } from './village.ts';

const vid = z.coerce
  .number({ error: 'vid 格式错误' })
  .int('vid 格式错误')
  .positive('vid 格式错误')
  .max(2147483647, 'vid 格式错误');
/** 0, '' or nothing: every village of the caller */
const anyVid = z
  .union([z.literal(0), z.literal(''), z.literal('0'), z.null(), idOf('vid')], { error: '小区 vid 格式错误' })
  .optional()
  .transform((v) => (v ? Number(v) : 0));
/** our page sends the type's name, the spec's client the tab's number (1-4, also as a string) */
const searchType = z
  .preprocess(
    (v) =>
      typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? apictureSearchTypeOfCode(Number(v)) : v,
    z.enum(apictureSearchTypes, { error: '搜索类型错误：type 可为 1-4 或 village、building、person、device' }),
  )
  .default('village');
const kind = z.enum(apictureMarkKinds, {
  error: `点位类型 kind 错误：可为 ${apictureMarkKinds.join('、')}`,
});
const dispatchBody = z
  .object({
    source: z.enum(['alert', 'repair'], { error: '派单来源 source 错误：可为 alert（预警）或 repair（工单）' }),
    id: idOf('预警或工单 id'),
    ...dispatchFields,
  })
  .refine(dispatchTimesInOrder, DISPATCH_TIMES_ISSUE);

/** operators see the map through their home's right, companies through the menu's */
const access = { anyOf: ['APicture:view', 'IndexOperator:view'] };
const tags = ['一张图'];

/** 一张图: the villages of the caller's level on a map, their counts and layers, search, alerts and 派单. */
export const registerApictureRoutes = (app: FastifyInstance, { db, registry, config }: ModuleDeps): void => {
  const adverts = advertFiguresOf(registry);
  serve(
    app,
    dashboardApi.apicture,
    {
      tags,
      summary: '一张图：小区点位与热区、汇总数量、底图；?vid= 同时返回该小区详情',
      query: z.object({ vid: z.preprocess((v) => (v === '' ? undefined : v), vid.optional()) }),
      body: z.object({}).describe('无参数'),
      reply: apictureReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (_body, req, query) => apicture(db, callerOf(req), config.mapTiles, query.vid, adverts),
  );
  serve(
    app,
    dashboardApi.apictureSearch,
    {
      tags,
      summary:
        '一张图搜索 {name, type: 1 或 village 小区 | 2 或 building 楼栋 | 3 或 person 人员 | 4 或 device 设备名称}',
      body: z.object({
        name: z.string({ error: '名称格式错误' }).trim().max(50, '名称不能超过50个字符').default(''),
        type: searchType,
      }),
      reply: apictureSearchReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => searchVillageList(db, callerOf(req), body.name, body.type),
  );
  serve(
    app,
    dashboardApi.apictureVillage,
    {
      tags,
      summary: '一张图小区详情 {vid}：管理数据、服务数据、感知数据',
      body: z.object({ vid }),
      reply: apictureVillageInfoReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => villageInfo(db, callerOf(req), body.vid, adverts),
  );
  serve(
    app,
    dashboardApi.apictureLayers,
    {
      tags,
      summary: '一张图图层 {vid}：楼栋、住户、门禁、车道、监控、报事报修、巡更、工作人员的点位',
      body: z.object({ vid }),
      reply: apictureLayersReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => mapLayers(db, callerOf(req), body.vid),
  );
  serve(
    app,
    dashboardApi.apictureDetail,
    {
      tags,
      summary: '一张图点位详情 {kind, id}（住户的手机号、证件号码按敏感信息权限脱敏）',
      body: z.object({ kind, id: idOf('点位 id') }),
      reply: apictureDetailReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => markDetail(db, callerOf(req), body.kind, body.id),
  );
  serve(
    app,
    dashboardApi.apictureAlerts,
    {
      tags,
      summary: '一张图异常预警 {vid?}：未处理的在前，最新的在前',
      body: z.object({ vid: anyVid }),
      reply: apictureAlertsReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => mapAlerts(db, callerOf(req), body.vid),
  );
  serve(
    app,
    dashboardApi.apictureWorkers,
    {
      tags,
      summary: '一张图派单：小区的在职员工 {vid}',
      body: z.object({ vid }),
      reply: apictureWorkersReply,
      access: { perm: DISPATCH_PERM },
      writes: false,
    },
    async (body, req) => {
      const v = await villageOf(db, callerOf(req), body.vid);
      const rows = await q<{ id: number; name: string; section_name: string }>(
        db,
        sql`select w.id, w.name, w.section_name from workers w
          where w.tenant_id = ${v.tenantId} and w.village_id = ${v.id} and w.status = 1 order by w.id`,
      );
      return rows.map((w) => ({
        value: Number(w.id),
        label: w.section_name ? `${w.name}（${w.section_name}）` : w.name,
      }));
    },
  );
  serve(
    app,
    dashboardApi.apictureDispatch,
    {
      tags,
      summary:
        '一张图派单 {source: alert|repair, id, personid, content, wctime, stime?, etime?}：预警生成工单并派单，工单派单或改派',
      body: dispatchBody,
      reply: apictureDispatchReply,
      access: { perm: DISPATCH_PERM },
      writes: true,
    },
    async (body, req) => withMsg(await dispatchFromMap(db, callerOf(req), body), '派单成功'),
  );
};
