import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { definePage, type PageDef } from '../../../core/screens/define.ts';
import type { ModuleDeps } from '../../types.ts';
import { statsReply } from '../replies.ts';
import { parkingFigures } from './stats.ts';

export const STATS_ROUTE = parkingApi.stats.path;

/** 停车概览: a page of the parking menu group (not an engine list); its figures come from one call. */
export const parkingOverviewPage: PageDef = definePage({
  name: 'ParkingOverview',
  path: STATS_ROUTE,
  title: '停车概览',
  component: 'ParkingOverview',
  menu: { app: 'web', group: 'parking', order: 6 },
});

/** 0, '' or nothing: every village of the caller */
const villageFilter = z
  .union([z.literal(0), z.literal(''), z.null(), idOf('village_id')])
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

const day = z.string({ error: '日期格式应为YYYY-MM-DD' }).max(10, '日期格式应为YYYY-MM-DD');
/** [start, end] or 'start,end'; blank: this month */
const dateRange = z
  .union([z.array(day, { error: 'date_range 格式错误' }).max(2, 'date_range 格式错误'), z.string().max(21)], {
    error: 'date_range 格式错误',
  })
  .optional()
  .nullable()
  .transform((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : (v ?? [])));

const statsBody = z.object({ village_id: villageFilter, date_range: dateRange });

export const registerStatsRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  serve(
    app,
    parkingApi.stats,
    {
      tags: ['停车'],
      summary:
        '停车概览 {village_id?: 小区(0 为全部), date_range?: [开始日期, 结束日期]（默认本月）}：parkingIot, lots, hourly, vehicleEntryexit, vehicleEntryexitList, revenue（元）',
      body: statsBody,
      reply: statsReply,
      access: { perm: 'ParkingOverview:view' },
      writes: false,
      reads: 'replica',
    },
    async (body, req) => {
      const [from, to] = body.date_range;
      return parkingFigures(db, callerOf(req), { villageId: body.village_id, from, to });
    },
  );
};
