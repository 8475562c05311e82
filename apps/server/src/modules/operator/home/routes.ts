import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import type { Screen } from '../../../core/screens/define.ts';
import type { ModuleDeps } from '../../types.ts';
import { advertFiguresOf } from './advert-figures.ts';
import { overview } from './analysis.ts';
import { income, iot } from './analysis-income.ts';
import { operatorHome } from './home.ts';
import { cockpitIncomeReply, cockpitIotReply, cockpitOverviewReply, operatorHomeReply } from './replies.ts';

/** The home and the cockpit are pages (seed/pages.ts), not engine lists. */
export const homeScreens: readonly Screen[] = [];

/** '' or nothing: the caller's own regions (the platform: everywhere) */
const regionCode = z
  .string({ error: 'regionCode 格式错误' })
  .max(12, 'regionCode 格式错误')
  .regex(/^\d*$/, 'regionCode 格式错误')
  .optional()
  .transform((v) => v || undefined);
const year = z.coerce
  .number({ error: '年份格式错误' })
  .int('年份格式错误')
  .min(2000, '年份格式错误')
  .max(2100, '年份格式错误')
  .optional();
/**
 * The spec's client sends a year type — 'year' (this year) or 'past' (往年, every year before this one) — or
 * nothing; a year picked is a bare year (2024 or '2024') or {year}. Every form lands on a period or none.
 */
const where = z
  .union(
    [
      z.literal(['', 'year']).transform(() => undefined),
      z.literal('past'),
      z.null().transform(() => undefined),
      year.unwrap(),
      z.object({ year }).transform((w) => w.year),
    ],
    { error: '统计年份 where 格式错误（可为 year、past、年份或 {year}）' },
  )
  .optional();
const cockpit = { anyOf: ['OperatorCockpit:view', 'IndexOperator:view'] };

/** 运营首页 and 运营驾驶舱: every figure is read from the rows the caller's level may see. */
export const registerHomeRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  serve(
    app,
    dashboardApi.operatorHome,
    {
      tags: ['运营首页'],
      summary: '运营首页：平台为超级模式（基础数据、物联、月度新增）；运营商为其待办、到期提醒、快捷入口与物业公司表',
      body: z.object({}).describe('无参数'),
      reply: operatorHomeReply,
      access: { perm: 'IndexOperator:view' },
      writes: false,
    },
    async (_body, req) => operatorHome(db, callerOf(req), registry),
  );
  serve(
    app,
    dashboardApi.cockpitOverview,
    {
      tags: ['运营驾驶舱'],
      summary: '运营商租户专题 {regionCode?: 地区编码，默认运营商的服务区域}',
      body: z.object({ regionCode }),
      reply: cockpitOverviewReply,
      access: cockpit,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => overview(db, callerOf(req), body.regionCode, advertFiguresOf(registry)),
  );
  serve(
    app,
    dashboardApi.cockpitIncome,
    {
      tags: ['运营驾驶舱'],
      summary: "运营服务专题 {regionCode?, where?: 'year' 今年 | 'past' 往年 | 年份 | {year?: 年份}，默认今年}",
      body: z.object({ regionCode, where }),
      reply: cockpitIncomeReply,
      access: cockpit,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => income(db, callerOf(req), body.regionCode, body.where, advertFiguresOf(registry)),
  );
  serve(
    app,
    dashboardApi.cockpitIot,
    {
      tags: ['运营驾驶舱'],
      summary:
        '感知运营专题 {regionCode?}：出入记录、设备、近30天各类告警与未处理告警；没有来源的设备与告警类别为 0 并列于 unconnected（未接入）',
      body: z.object({ regionCode }),
      reply: cockpitIotReply,
      access: cockpit,
      writes: false,
      reads: 'replica',
    },
    async (body, req) => iot(db, callerOf(req), body.regionCode, registry),
  );
};
