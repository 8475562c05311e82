import { citySearchTitles, citySearchTypes, idOf } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { invalid } from '../../../core/errors.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { screenScope } from '../screens/scope.ts';
import { cityCentre } from './centre.ts';
import { cityReply, citySearchReply } from './replies.ts';
import { citySearch } from './search.ts';

/** 0, '' or nothing: every village of the caller */
const vid = z
  .union([z.literal(0), z.literal(''), z.literal('0'), z.null(), idOf('小区 vid')], { error: '小区 vid 格式错误' })
  .optional()
  .transform((v) => (v ? Number(v) : 0));
const TYPE_TEXT = `搜索类型 type 应为 ${citySearchTypes.map((t) => `${t}（${citySearchTitles[t]}）`).join('、')}`;
const searchBody = z.object({
  vid,
  type: z.enum(citySearchTypes, { error: TYPE_TEXT }),
  name: z
    .string({ error: '关键字 name 应为文本' })
    .trim()
    .max(50, '关键字 name 不能超过50个字符')
    .optional()
    .transform((v) => v ?? ''),
});

/** The caller's villages; a picked one outside them (another company's, or none) is refused naming the field. */
const scopeOf = async (db: Db, caller: Caller, v: number) => {
  const s = await screenScope(db, caller, 0);
  if (v && !s.villages.some((x) => x.id === v)) throw invalid('小区 vid 不存在', 'vid');
  return v ? { ...s, vid: v, villageIds: [v] } : s;
};

const tags = ['数据大屏'];
const access = { perm: 'City:view' } as const;

/** 城市信息中心: the screen's figures and its advanced search. */
export const registerCityRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  serve(
    app,
    dashboardApi.city,
    {
      tags,
      summary:
        '城市信息中心 {vid?}：天气与PM2.5、概况、员工（管家/保安/后勤）、年龄段、设备在线/离线、事件统计与列表、物联设备类型；无数据来源的为未接入',
      body: z.object({ vid }),
      reply: cityReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (b, req) => cityCentre(registry, db, await scopeOf(db, callerOf(req), b.vid)),
  );
  serve(
    app,
    dashboardApi.citySearch,
    {
      tags,
      summary: '城市信息中心 高级搜索 {vid?, type: building|house|owner|device, name?}：最多50条，业主电话脱敏',
      body: searchBody,
      reply: citySearchReply,
      access,
      writes: false,
      reads: 'replica',
    },
    async (b, req) => citySearch(db, await scopeOf(db, callerOf(req), b.vid), b.type, b.name),
  );
};
