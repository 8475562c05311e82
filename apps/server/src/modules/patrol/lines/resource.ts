import { sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { FieldDef, ResourceDef } from '../../../core/engine/types.ts';
import { workers } from '../../estate/index.ts';
import { checkRoutePoints, pointIdsOf, routePointIds, saveRoutePoints } from './points.ts';
import { checkStaff, dropUnbegunTasks, staffIdList } from './staff.ts';
import { generatePatrolTasks } from '../tasks/generate.ts';
import { patrolPoints, patrolRoutePoints, patrolRoutes } from '../schema.ts';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { villageField } from '../../tenancy/index.ts';

export const ROUTE_BASE = '/Web/Patrol/Route';
export const POINT_OPTIONS = '/Web/Internet/IntellPoint/options';
const q = (c: { name: string }) => sql.raw(`"patrol_routes"."${c.name}"`);
const listOnly = { add: false, edit: false, import: false } as const;

export const dispatchTypes = [
  { label: '各自巡更', value: 1 },
  { label: '共同巡更', value: 2 },
];

const fields: FieldDef[] = [
  villageField({ width: 120 }),
  { prop: 'name', label: '路线名称', type: 'text', required: true, maxLength: 50, search: true, width: 140 },
  // the row's chain of points in walking order, [{id, name}]
  {
    prop: 'points',
    label: '巡更点位',
    type: 'pointChain',
    computed: sql`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) order by rp.seq), '[]'::json)
      from ${patrolRoutePoints} rp join ${patrolPoints} p on p.id = rp.point_id where rp.route_id = ${q(patrolRoutes.id)} and rp.tenant_id = ${q(patrolRoutes.tenantId)})`,
    export: false,
    width: 320,
  },
  // the form's ordered ids; the rows carry them too (decorate), so an edit starts from the chain as saved
  {
    prop: 'point_ids',
    label: '巡更点位',
    type: 'pointChain',
    virtual: true,
    required: true,
    optionsUrl: POINT_OPTIONS,
    import: false,
  },
  {
    prop: 'point_names',
    label: '巡更点位',
    type: 'text',
    computed: sql`(select string_agg(p.name, ' → ' order by rp.seq)
      from ${patrolRoutePoints} rp join ${patrolPoints} p on p.id = rp.point_id where rp.route_id = ${q(patrolRoutes.id)} and rp.tenant_id = ${q(patrolRoutes.tenantId)})`,
    table: false,
    detail: false,
    export: true,
  },
  { prop: 'patrol_time', label: '巡更时间', type: 'patrolTime', required: true, import: false, width: 220 },
  {
    prop: 'staff',
    label: '巡更人员',
    type: 'text',
    computed: sql`(select string_agg(w.name, '、' order by w.id) from ${workers} w
      where w.id = any(string_to_array(nullif(${q(patrolRoutes.staffIds)}, ''), ',')::int[]) and w.tenant_id = ${q(patrolRoutes.tenantId)})`,
    width: 140,
  },
  // chosen here or by 巡更派发; the village's enabled workers (the form's ids, kept as the comma list)
  {
    prop: 'staff_ids',
    label: '巡更人员',
    type: 'select',
    multiple: true,
    virtual: true,
    byVillage: true,
    optionsUrl: '/Web/Basic/Worker/options',
    table: false,
    detail: false,
    export: false,
    import: false,
  },
  // the stored comma list, for the form's ids (decorate)
  {
    prop: 'staff_id_list',
    label: '巡更人员',
    type: 'text',
    computed: sql`${q(patrolRoutes.staffIds)}`,
    table: false,
    detail: false,
    export: false,
  },
  { prop: 'handler', label: '负责人', type: 'text', readonly: true, width: 90, ...listOnly },
  { prop: 'dispatch_type', label: '派发方式', type: 'select', options: dispatchTypes, readonly: true, width: 90 },
  {
    prop: 'state',
    label: '状态',
    type: 'radio',
    options: [
      { label: '启用', value: 1 },
      { label: '停用', value: 0 },
    ],
    defaultValue: 1,
    required: true,
    search: true,
    width: 80,
  },
  { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false },
];

/** 巡更路线: the route row and its ordered points are written together; dispatch is its own call (send.ts). */
export const routeResource: ResourceDef = defineResource({
  route: `${ROUTE_BASE}/listConfig`,
  title: '巡更路线',
  name: 'PatrolRoute',
  menu: {
    app: 'web',
    group: 'patrol',
    title: '巡更路线',
    order: 2,
    buttons: ['add', 'edit', 'remove', 'export', 'patrolSend'],
  },
  table: patrolRoutes,
  ownership: 'tenant',
  villageScoped: true,
  toolbar: [
    'add',
    { type: 'patrolSend', title: '巡更派发', selection: 'single', api: patrolApi.send.path },
    'export',
    'batchDelete',
  ],
  rowActions: ['edit', { type: 'lineQr', title: '线路二维码' }, 'delete'],
  fields,
  hooks: {
    beforeSave: async ({ db, caller }, values, existing, input) => {
      const villageId = Number(values.villageId ?? existing?.villageId);
      const given = pointIdsOf(input.point_ids);
      // a route moved to another village keeps no point of the old one
      const movedIds =
        existing && !given && Number(existing.villageId) !== villageId
          ? await routePointIds(db, Number(existing.id))
          : null;
      await checkRoutePoints(db, caller.actor.tenantId!, villageId, given ?? movedIds ?? [], existing);
      // the guards as the form sends them (ids), kept as the comma list 巡更派发 writes too
      const givenStaff = input.staff_ids === undefined ? null : staffIdList(input.staff_ids);
      await checkStaff(db, caller.actor.tenantId!, villageId, givenStaff ?? staffIdList(existing?.staffIds));
      return givenStaff ? { ...values, staffIds: givenStaff.join(',') } : values;
    },
    afterSave: async ({ db, caller }, id, input) => {
      const given = pointIdsOf(input.point_ids);
      if (given) await saveRoutePoints(db, id, given);
      // guards chosen in the form: the coming week's tasks are theirs at once, as after 巡更派发
      if (input.staff_ids !== undefined) {
        await dropUnbegunTasks(db, id, caller.actor.tenantId!);
        await generatePatrolTasks(db, { routeIds: [id] });
      }
    },
    decorate: async (_ctx, rows) =>
      rows.map((r) => ({
        ...r,
        point_ids: Array.isArray(r.points) ? (r.points as { id: number }[]).map((p) => Number(p.id)) : [],
        staff_ids: staffIdList(r.staff_id_list),
      })),
  },
});
