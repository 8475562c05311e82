import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, indexModules, type IndexModule } from '@5a/contracts';
import { systemApi } from '@5a/contracts/endpoints/system';
import { callerOf } from '../../core/http/access.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import { dashboardApi, type RepairStats } from '@5a/contracts/endpoints/dashboard';
import { workbenchHead } from '../estate/index.ts';
import type { ModuleDeps } from '../types.ts';
import { modulesOfUser, roleModules, saveRoleModules } from './modules.ts';
import { mayShowPanel, panelData } from './panels.ts';
import { repairStatistics, type RepairFigures } from './repair-stats.ts';
import { repairStatsReply, workbenchReply } from './replies.ts';

const month = (label: string) =>
  z
    .string({ error: `${label}格式应为YYYY-MM` })
    .max(7, `${label}格式应为YYYY-MM`)
    .optional();
/** 0 or nothing: every village of the caller */
const villageFilter = z
  .union([z.literal(0), z.literal(''), z.null(), idOf('village_id')])
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

const moduleList = z
  .union(
    [
      z.array(z.string().max(32), { error: 'index_module 格式错误' }).max(20, 'index_module 格式错误'),
      z.string().max(500, 'index_module 格式错误'),
    ],
    { error: 'index_module 格式错误' },
  )
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((m) => m.trim()).filter(Boolean));

const panelName = z.enum(indexModules);
const roleModulesReply = z.object({
  id: z.number().int(),
  name: z.string(),
  index_module: z.array(panelName).describe('角色已选的首页模块'),
  options: z.array(z.object({ value: panelName, label: z.string() })).describe('全部首页模块'),
});

/** The workbench (one call answers the head and every panel of the caller) and a role's panel assignment. */
/** 报修统计 under the page's keys: bxinfo 报修, bsinfo 报事, yc 超时, bx 有偿服务. */
const repairStatsReplyOf = ({ orders, events, overdue, paidService, ...rest }: RepairFigures): RepairStats => ({
  ...rest,
  bxinfo: orders,
  bsinfo: events,
  yc: overdue,
  bx: paidService,
});

export const dashboardRoutes = async (app: FastifyInstance, { db }: ModuleDeps) => {
  serve(
    app,
    dashboardApi.workbench,
    {
      tags: ['工作台'],
      summary: '工作台：超级管理员为问候与基础数据；其他用户为其首页模块与各模块数据',
      body: z.object({}).describe('无参数'),
      reply: workbenchReply,
      access: { perm: 'Index:view' },
      writes: false,
    },
    async (_body, req) => {
      const caller = callerOf(req);
      if (caller.actor.isSuper) return { super: true as const, ...(await workbenchHead(db, caller, true)) };
      // only panels whose data his rights reach; nothing chosen: every such panel (they follow his menus)
      const mayShow = (m: IndexModule) => mayShowPanel(caller.perms, m);
      const indexModule = (await modulesOfUser(db, caller.actor.id, indexModules.filter(mayShow))).filter(mayShow);
      const [head, panels] = await Promise.all([
        workbenchHead(db, caller, indexModule.includes('base_data')),
        panelData(db, caller, indexModule),
      ]);
      return { super: false as const, ...head, indexModule, panels };
    },
  );

  const roleTags = ['角色'];
  const roleEdit = { access: { perm: 'SystemRole:edit' } } as const;
  serve(
    app,
    systemApi.roleModules,
    {
      tags: roleTags,
      summary: '首页模块分配：读取 {id: 角色}',
      body: z.object({ id: idOf('id') }),
      reply: roleModulesReply,
      ...roleEdit,
      writes: false,
    },
    (body, req) => roleModules(db, callerOf(req).actor, body.id),
  );
  serve(
    app,
    systemApi.saveRoleModules,
    {
      tags: roleTags,
      summary: '首页模块分配：保存 {id: 角色, index_module: 模块名数组或逗号分隔}',
      body: z.object({ id: idOf('id'), index_module: moduleList }),
      reply: z.object({ id: z.number().int(), index_module: z.array(z.string()) }),
      ...roleEdit,
      writes: true,
    },
    async (body, req) =>
      withMsg(await saveRoleModules(db, callerOf(req).actor, body.id, body.index_module), '设置成功'),
  );

  serve(
    app,
    dashboardApi.repairStats,
    {
      tags: ['报修统计'],
      summary:
        '报修统计 {village_id?: 小区(0 为全部), start_month?, end_month?: YYYY-MM}：taskNumList, bxinfo, bsinfo, yc, bx',
      body: z.object({ village_id: villageFilter, start_month: month('开始月份'), end_month: month('结束月份') }),
      reply: repairStatsReply,
      access: { perm: 'RepairAnalysis:view' },
      writes: false,
      reads: 'replica',
    },
    async (body, req) => repairStatsReplyOf(await repairStatistics(db, callerOf(req), body)),
  );
};
