import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { FieldDef, ResourceDef, TabDef } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { villages } from '../../tenancy/index.ts';
import { workers } from '../../estate/index.ts';
import { patrolCheckins, patrolPoints, patrolRoutes, patrolTasks } from '../schema.ts';
import { idsOf, statusText, verdictText } from './sql.ts';
import { patrolApi } from '@5a/contracts/endpoints/patrol';

export const TASK_BASE = '/Web/Patrol/Task';
export const RECORD_BASE = '/Web/Patrol/Record';
/** who may generate tasks manages patrols; anyone else who is a guard sees only his own tasks and check-ins */
export const GENERATE = 'PatrolTask:generate';

const col = (table: string, c: { name: string }) => sql.raw(`"${table}"."${c.name}"`);
const t = (c: { name: string }) => col('patrol_tasks', c);
const k = (c: { name: string }) => col('patrol_checkins', c);
const ro = { add: false, edit: false, import: false } as const;
const listOnly = { ...ro, readonly: true } as const;
const options = (texts: Record<number, string>) =>
  Object.entries(texts).map(([value, label]) => ({ label, value: Number(value) }));
const shanghai = (c: SQL, format = 'YYYY-MM-DD HH24:MI:SS') =>
  sql`coalesce(to_char(${c} at time zone 'Asia/Shanghai', ${sql.raw(`'${format}'`)}), '')`;
const workerName = (c: SQL, tenant: SQL) =>
  sql`(select w.name from ${workers} w where w.id = ${c} and w.tenant_id = ${tenant})`;

/** the caller's worker ids, as SQL (a guard may be a worker of several villages) */
const myWorkers = (caller: Caller) =>
  sql`(select w.id from ${workers} w where w.user_id = ${caller.actor.id} and w.tenant_id = ${caller.actor.tenantId ?? -1}::int)`;
/** a guard who manages nothing: a worker without the right to generate tasks */
const guardOnly = (caller: Caller, own: SQL) =>
  caller.actor.isSuper || caller.perms.has(GENERATE) ? undefined : sql`(not exists ${myWorkers(caller)} or ${own})`;

const readOnlyHooks = (what: string) => ({
  beforeSave: () => {
    throw fail(`${what}由系统生成，不能手工新增或修改`);
  },
  beforeBatch: () => {
    throw fail(`${what}由系统生成，不能手工新增或修改`);
  },
  beforeDelete: () => {
    throw fail(`${what}不能删除`);
  },
});

const villageField: FieldDef = {
  prop: 'village_id',
  label: '所属小区',
  type: 'select',
  optionsUrl: '/Web/Basic/Village/options',
  search: true,
  width: 120,
  ...listOnly,
  ref: { table: villages, labelColumn: 'name', tenantScoped: true },
};

const statusIn =
  (...s: number[]): TabDef['where'] =>
  () =>
    sql.raw(`"patrol_tasks"."status" in (${s.join(', ')})`);

/** 巡更任务: generated, never written by hand; a guard sees his own (and the shared ones that list him). */
export const patrolTaskResource: ResourceDef = defineResource({
  route: `${TASK_BASE}/listConfig`,
  title: '巡更任务',
  name: 'PatrolTask',
  menu: { app: 'web', group: 'patrol', order: 3, buttons: ['export', 'generate'] },
  table: patrolTasks,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'window_start', dir: 'desc' },
    { column: 'id', dir: 'desc' },
  ],
  tabs: [
    { key: 'all', title: '全部' },
    { key: 'open', title: '待巡更', where: statusIn(0, 1) },
    { key: 'done', title: '已完成', where: statusIn(2) },
    { key: 'missed', title: '已漏巡', where: statusIn(3) },
  ],
  toolbar: ['export', { type: 'patrolGenerate', title: '生成任务', selection: 'none', api: patrolApi.generate.path }],
  rowActions: [{ type: 'patrolTaskDetail', title: '巡更详情', api: patrolApi.taskPoints.path }],
  fields: [
    villageField,
    {
      prop: 'route_name',
      label: '巡更路线',
      type: 'text',
      computed: sql`(select r.name from ${patrolRoutes} r where r.id = ${t(patrolTasks.routeId)} and r.tenant_id = ${t(patrolTasks.tenantId)})`,
      width: 140,
    },
    {
      prop: 'guard',
      label: '巡更人员',
      type: 'text',
      computed: sql`case when ${t(patrolTasks.workerId)} = 0 then '共同巡更' else coalesce(${workerName(t(patrolTasks.workerId), t(patrolTasks.tenantId))}, '') end`,
      width: 100,
    },
    { prop: 'task_date', label: '巡更日期', type: 'date', search: 'range', width: 110, ...listOnly },
    {
      prop: 'window',
      label: '巡更时段',
      type: 'text',
      computed: sql`${shanghai(t(patrolTasks.windowStart), 'HH24:MI')} || '-' || ${shanghai(t(patrolTasks.windowEnd), 'HH24:MI')}`,
      width: 110,
    },
    {
      prop: 'status',
      label: '状态',
      type: 'select',
      options: options(statusText),
      search: 'eq',
      width: 90,
      ...listOnly,
    },
    {
      prop: 'progress',
      label: '完成进度',
      type: 'text',
      computed: sql`${t(patrolTasks.pointsDone)} || '/' || ${t(patrolTasks.pointsTotal)}`,
      width: 90,
    },
    {
      prop: 'completed_time',
      label: '完成时间',
      type: 'text',
      computed: shanghai(t(patrolTasks.completedAt)),
      width: 160,
    },
  ],
  hooks: {
    ...readOnlyHooks('巡更任务'),
    scope: (caller) =>
      guardOnly(
        caller,
        sql`(${t(patrolTasks.workerId)} in ${myWorkers(caller)} or (${t(patrolTasks.workerId)} = 0 and ${idsOf(t(patrolTasks.staffIds))} && array(select id::text from ${myWorkers(caller)} m(id))))`,
      ),
  },
});

/** 巡更记录: the check-ins as written (append-only); a correction is a row of its own naming the one it corrects. */
export const patrolRecordResource: ResourceDef = defineResource({
  route: `${RECORD_BASE}/listConfig`,
  title: '巡更记录',
  name: 'PatrolRecord',
  menu: { app: 'web', group: 'patrol', order: 4, buttons: ['export', 'edit'] },
  table: patrolCheckins,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['export'],
  // an original check-in may be corrected; a correction row is corrected through its original
  rowActions: [
    { type: 'patrolCorrect', title: '校正', api: patrolApi.correct.path, showRule: { key: 'is_correction', val: 0 } },
  ],
  fields: [
    villageField,
    {
      prop: 'verdict',
      label: '巡更结果',
      type: 'select',
      options: options(verdictText),
      search: 'eq',
      width: 100,
      ...listOnly,
    },
    {
      prop: 'point_name',
      label: '巡更点位',
      type: 'text',
      computed: sql`(select p.name from ${patrolPoints} p where p.id = ${k(patrolCheckins.pointId)} and p.tenant_id = ${k(patrolCheckins.tenantId)})`,
      width: 130,
    },
    {
      prop: 'route_name',
      label: '巡更路线',
      type: 'text',
      computed: sql`coalesce((select r.name from ${patrolTasks} x join ${patrolRoutes} r on r.id = x.route_id and r.tenant_id = x.tenant_id
        where x.id = ${k(patrolCheckins.taskId)} and x.tenant_id = ${k(patrolCheckins.tenantId)}), '')`,
      width: 130,
    },
    {
      prop: 'guard',
      label: '巡更人员',
      type: 'text',
      computed: sql`coalesce(${workerName(k(patrolCheckins.workerId), k(patrolCheckins.tenantId))}, '')`,
      width: 90,
    },
    { prop: 'checked_at', label: '签到时间', type: 'datetime', search: 'range', width: 160, ...listOnly },
    { prop: 'photo', label: '现场照片', type: 'image', width: 90, ...listOnly },
    { prop: 'note', label: '备注', type: 'text', width: 160, ...listOnly },
    {
      prop: 'correction',
      label: '校正',
      type: 'text',
      computed: sql`case when ${k(patrolCheckins.correctsId)} is null then '' else '校正记录 #' || ${k(patrolCheckins.correctsId)} || '：' || ${k(patrolCheckins.reason)} end`,
      width: 200,
    },
    {
      prop: 'is_correction',
      label: 'is_correction',
      type: 'number',
      computed: sql`case when ${k(patrolCheckins.correctsId)} is null then 0 else 1 end`,
      table: false,
      detail: false,
      export: false,
    },
  ],
  hooks: {
    ...readOnlyHooks('巡更记录'),
    scope: (caller) =>
      guardOnly(
        caller,
        sql`(${k(patrolCheckins.workerId)} in ${myWorkers(caller)} or ${k(patrolCheckins.userId)} = ${caller.actor.id})`,
      ),
  },
});
