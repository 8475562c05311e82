import { idOf } from '@5a/contracts';
import { epidemicApi } from '@5a/contracts/endpoints/epidemic';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { contrastOf } from './contrast.ts';
import { epidemicScreenReply, epidemicContrastReply, epidemicSearchReply } from './replies.ts';
import { epidemicScope } from './scope.ts';
import { epidemicSearch } from './search.ts';
import { epidemicScreen } from './screen.ts';

/** 0, '' or nothing: every village of the caller */
const vid = z
  .union([z.literal(0), z.literal(''), z.literal('0'), z.null(), idOf('vid')], { error: 'vid 格式错误' })
  .optional()
  .transform((v) => (v ? Number(v) : 0));
const period = z
  .union([z.enum(['year', 'month']), z.literal(''), z.null()], { error: '统计周期 type 应为 year 或 month' })
  .optional()
  .transform((v) => v || 'year');
const name = z
  .string({ error: '名称 name 格式错误' })
  .trim()
  .min(1, '请输入要搜索的名称')
  .max(50, '名称不能超过50个字符');

const common = {
  tags: ['疫情大数据'],
  access: { perm: 'Epidemic:view' },
  writes: false as const,
  reads: 'replica' as const,
};

/** 疫情大数据: every panel at once, the period charts by period, and the search by name. */
export const registerEpidemicRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  serve(
    app,
    epidemicApi.index,
    {
      ...common,
      summary:
        '疫情大数据 {vid?: 小区，0 为全部}：地图、设备、管控与隔离计数、数据概况、今日感知、告警、中高风险小区、年度图表',
      body: z.object({ vid }),
      reply: epidemicScreenReply,
    },
    async (body, req) => {
      const caller = callerOf(req);
      return epidemicScreen(db, caller, await epidemicScope(db, caller, body.vid));
    },
  );
  serve(
    app,
    epidemicApi.contrast,
    {
      ...common,
      summary: '疫情大数据图表 {type: year 近12个月（默认）| month 近30天, vid?}：隔离趋势、正常与异常通行对比、各小区',
      body: z.object({ type: period, vid }),
      reply: epidemicContrastReply,
    },
    async (body, req) => contrastOf(db, await epidemicScope(db, callerOf(req), body.vid), body.type),
  );
  serve(
    app,
    epidemicApi.search,
    {
      ...common,
      summary: '疫情大数据搜索 {name, vid?}：villagelist 小区、devicelist 门禁设备、personlist 防控人员',
      body: z.object({ name, vid }),
      reply: epidemicSearchReply,
    },
    async (body, req) => epidemicSearch(db, await epidemicScope(db, callerOf(req), body.vid), body.name),
  );
};
