import { idOf } from '@5a/contracts';
import { dataScreenApi } from '@5a/contracts/endpoints/datascreen';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../../core/auth/actor.ts';
import { invalid } from '../../../core/errors.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { formatDate } from '../../../core/time.ts';
import type { ModuleDeps } from '../../types.ts';
import { lastMonths } from '../months.ts';
import { weatherFor } from '../weather/service.ts';
import { dataScreenReply, weatherReply } from './replies.ts';
import { dataScreen, type ScreenRange } from './screen.ts';
import { screenScope, villagePlace } from './scope.ts';

/** 0, '' or nothing: every village of the caller */
const vid = z
  .union([z.literal(0), z.literal(''), z.literal('0'), z.null(), idOf('vid')], { error: '小区 vid 格式错误' })
  .optional()
  .transform((v) => (v ? Number(v) : 0));
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string, field: string) =>
  z
    .string({ error: `${label} ${field} 格式应为YYYY-MM-DD` })
    .trim()
    .max(10, `${label} ${field} 格式应为YYYY-MM-DD`)
    .refine((s) => s === '' || (DAY.test(s) && formatDate(`${s}T12:00:00+08:00`) === s), {
      message: `${label} ${field} 格式应为YYYY-MM-DD`,
    })
    .optional();
/** the monthly figures cover at most this many days */
export const MAX_RANGE_DAYS = 731;

const body = z.object({ vid, start_time: day('开始日期', 'start_time'), end_time: day('结束日期', 'end_time') });
const query = z.object({
  vid,
  isSearch: z.union([z.literal('1'), z.literal('0'), z.literal('')], { error: 'isSearch 应为 1 或 0' }).optional(),
});

/** the default period: the twelve months up to today; with isSearch=1 the dates asked (both needed) */
const rangeOf = (b: z.output<typeof body>, search: boolean, now = new Date()): ScreenRange => {
  if (!search) return { from: `${lastMonths(12, now)[0]}-01`, to: formatDate(now) };
  if (!b.start_time) throw invalid('请选择开始日期 start_time', 'start_time');
  if (!b.end_time) throw invalid('请选择结束日期 end_time', 'end_time');
  if (b.start_time > b.end_time) throw invalid('开始日期 start_time 不能晚于结束日期 end_time', 'start_time');
  const days = (Date.parse(b.end_time) - Date.parse(b.start_time)) / 86_400_000 + 1;
  if (days > MAX_RANGE_DAYS) throw invalid(`统计期间不能超过${MAX_RANGE_DAYS}天`, 'end_time');
  return { from: b.start_time, to: b.end_time };
};

const tags = ['数据大屏'];

/** 社区大数据, 物业一张图 and the weather they show. */
export const registerScreenRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  const screenOf = async (caller: Caller, b: z.output<typeof body>, q: z.output<typeof query>) => {
    const s = await screenScope(db, caller, b.vid || q.vid);
    const range = rangeOf(b, q.isSearch === '1');
    const tenantId = s.tenantId;
    return dataScreen(db, s, range, async () =>
      weatherFor(registry, db, tenantId, await villagePlace(db, tenantId, s.villageIds)),
    );
  };
  const common = {
    tags,
    body,
    query,
    reply: dataScreenReply,
    writes: false as const,
    reads: 'replica' as const,
  };
  serve(
    app,
    dataScreenApi.community,
    {
      ...common,
      summary:
        '社区大数据 {vid?, start_time?, end_time?}（?vid=，?isSearch=1 按日期统计月度数据）：panelInfo、traffic、repairInfo、statistics、parkingIot、vehicleEntryexit、villageOptions、weather',
      access: { perm: 'CommunityData:view' },
    },
    (b, req, q) => screenOf(callerOf(req), b, q),
  );
  serve(
    app,
    dataScreenApi.propertyData,
    {
      ...common,
      summary: '物业一张图（数据大屏）{vid?, start_time?, end_time?}（?vid=，?isSearch=1）：与社区大数据同一结构',
      access: { perm: 'PropertyData:view' },
    },
    (b, req, q) => screenOf(callerOf(req), b, q),
  );
  serve(
    app,
    dataScreenApi.weather,
    {
      tags,
      method: 'GET',
      summary: '天气 ?vid=：所选小区（默认第一个有位置的小区）的天气，缓存30分钟；未配置时 configured=false',
      body: z.object({ vid }),
      reply: weatherReply,
      access: { anyOf: ['CommunityData:view', 'PropertyData:view', 'Epidemic:view'] },
    },
    async (b, req) => {
      const s = await screenScope(db, callerOf(req), b.vid);
      return weatherFor(registry, db, s.tenantId, await villagePlace(db, s.tenantId, s.villageIds));
    },
  );
};
