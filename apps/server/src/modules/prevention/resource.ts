import { sql } from 'drizzle-orm';
import { HEALTH_CODES, PASS_STATUSES, PREVENTION_TAG, preventionApi } from '@5a/contracts/endpoints/prevention';
import { qualified } from '../../core/db/sql.ts';
import { defineResource } from '../../core/engine/registry.ts';
import type { ResourceDef, Row } from '../../core/engine/types.ts';
import { fail } from '../../core/errors.ts';
import { buildings, gatePersons, houses, logSensitiveViews, maskPhone, scopeOfCaller } from '../estate/index.ts';
import { preventionControls } from './schema.ts';

export const PROTECTION_ROUTE = '/Web/Epidemic/Protection/listConfig';
/** who sees health details and phones on the prevention list unmasked (every view logged) */
export const PROTECTION_SENSITIVE = 'Protection:sensitive';
/** the props this screen masks: the health details and the phone */
export const HEALTH_FIELDS = ['health_code', 'pass_status', 'start_time', 'end_time'] as const;
export const MASK = '***';

const person = qualified(gatePersons.id);
/** a column of the resident's control; a resident without one is green and passes normally */
const control = (column: string, fallback?: number) => {
  const read = sql`(select c.${sql.identifier(column)} from ${preventionControls} c
    where c.person_id = ${person} and c.tenant_id = ${qualified(gatePersons.tenantId)})`;
  return fallback === undefined ? read : sql`coalesce(${read}, ${fallback})::int`;
};
const day = (column: string) => sql`to_char(${control(column)}, 'YYYY-MM-DD')`;
const listOnly = { add: false, edit: false, import: false, readonly: true } as const;

/** a resident carrying the prevention tag */
export const taggedWhere = sql`(',' || ${qualified(gatePersons.tags)} || ',') like ${`%,${PREVENTION_TAG},%`}`;

const refuse = () => {
  throw fail('请通过“防控”修改住户的标签与防控信息，住户本身在住户管理中维护');
};

/**
 * 防控名单: the residents carrying the prevention tag with their health code, pass status and isolation dates (a
 * resident without a control row yet is green and passes normally). The list edits nothing itself: the 防控 dialog
 * saves tags and control by the prevention rules. Health details and phones are masked without 查看敏感信息.
 */
export const protectionResource: ResourceDef = defineResource({
  route: PROTECTION_ROUTE,
  title: '防控名单',
  name: 'Protection',
  menu: { app: 'web', group: 'epidemic', title: '防控名单', order: 1, buttons: ['edit', 'export', 'sensitive'] },
  table: gatePersons,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['export'],
  rowActions: [{ type: 'epidemicControl', title: '防控', api: preventionApi.edit }, 'detail'],
  fields: [
    {
      prop: 'village_id',
      label: '小区',
      type: 'select',
      optionsUrl: '/Web/Basic/Village/options',
      search: true,
      width: 120,
      ...listOnly,
    },
    {
      prop: 'building_name',
      label: '楼栋',
      type: 'text',
      computed: sql`(select b.name from ${buildings} b where b.id = ${qualified(gatePersons.buildingId)} and b.tenant_id = ${qualified(gatePersons.tenantId)})`,
      width: 90,
    },
    {
      prop: 'house_name',
      label: '房屋',
      type: 'text',
      computed: sql`(select h.unit_name || h.name from ${houses} h where h.id = ${qualified(gatePersons.houseId)} and h.tenant_id = ${qualified(gatePersons.tenantId)})`,
      width: 110,
    },
    { prop: 'name', label: '姓名', type: 'text', search: true, width: 90, ...listOnly },
    { prop: 'tel', label: '手机号码', type: 'text', width: 130, ...listOnly },
    {
      prop: 'tags',
      label: '住户标签',
      type: 'checkbox',
      dict: 'person_tag',
      search: 'member',
      width: 200,
      ...listOnly,
    },
    {
      prop: 'health_code',
      label: '健康码',
      type: 'healthCode',
      options: [...HEALTH_CODES],
      computed: control('health_code', 1),
      search: 'eq',
      width: 90,
    },
    {
      prop: 'pass_status',
      label: '通行状态',
      type: 'select',
      options: [...PASS_STATUSES],
      computed: control('pass_status', 1),
      search: 'eq',
      width: 100,
    },
    { prop: 'start_time', label: '隔离开始', type: 'date', computed: day('start_time'), width: 110 },
    { prop: 'end_time', label: '隔离结束', type: 'date', computed: day('end_time'), width: 110 },
    {
      prop: 'released_at',
      label: '解除时间',
      type: 'datetime',
      computed: sql`to_char(${control('released_at')} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`,
      table: false,
    },
  ],
  hooks: {
    scope: () => taggedWhere,
    beforeSave: refuse,
    beforeBatch: refuse,
    beforeDelete: refuse,
    /**
     * Health details and phones are masked for callers without 查看敏感信息; with it, every row shown is logged as a
     * view of that resident's health and phone (lists, details and exports alike).
     */
    decorate: async ({ db, caller }, rows) => {
      if (!rows.length) return rows;
      const s = scopeOfCaller(caller);
      if (s.perms.has(PROTECTION_SENSITIVE)) {
        logSensitiveViews(
          db,
          s,
          rows.map((r) => Number(r.id)),
          `protection:${[...HEALTH_FIELDS, 'tel'].join(',')}`,
        );
        return rows;
      }
      return rows.map((r): Row => {
        const out: Row = { ...r, tel: maskPhone(String(r.tel ?? '')) };
        for (const f of HEALTH_FIELDS) out[f] = MASK;
        out.released_at = r.released_at ? MASK : r.released_at;
        return out;
      });
    },
  },
});
