import { sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { gateEvents } from '../schema-gate.ts';
import { parkingGates, parkingLots } from '../schema.ts';
import { villageField } from '../fields.ts';

export const EVENT_BASE = '/Web/Parking/Passage';

const e = (c: { name: string }) => sql.raw(`"gate_events"."${c.name}"`);
const listOnly = { add: false, edit: false, import: false, readonly: true } as const;
const written = () => {
  throw fail('出入记录由道闸上报，不能手工新增或修改');
};

/** 出入记录: what the barrier cameras reported and what the lanes did, newest first; written only by the devices. */
export const gateEventResource: ResourceDef = defineResource({
  route: `${EVENT_BASE}/listConfig`,
  title: '出入记录',
  name: 'ParkingPassage',
  menu: { app: 'web', group: 'parking', title: '出入记录', order: 5, buttons: ['export'] },
  table: gateEvents,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  // the lanes write here as cars pass: the guard-room screen follows them without a manual refresh (every 3 s)
  autoReload: true,
  toolbar: ['export'],
  rowActions: ['detail'],
  fields: [
    villageField({ required: false, width: 120, ...listOnly }),
    { prop: 'picimg', label: '抓拍图片', type: 'image', width: 90, ...listOnly },
    { prop: 'plate', label: '车牌号', type: 'text', search: true, width: 110, ...listOnly },
    {
      prop: 'is_type',
      label: '进出',
      type: 'select',
      options: [
        { label: '入场', value: 1 },
        { label: '出场', value: 2 },
      ],
      search: 'eq',
      width: 70,
      ...listOnly,
    },
    { prop: 'occurred_at', label: '抓拍时间', type: 'datetime', search: 'range', width: 160, ...listOnly },
    {
      prop: 'lot_name',
      label: '停车场',
      type: 'text',
      computed: sql`coalesce((select l.name from ${parkingLots} l where l.id = ${e(gateEvents.lotId)} and l.tenant_id = ${e(gateEvents.tenantId)}), '')`,
      width: 130,
    },
    {
      prop: 'gate_name',
      label: '车道',
      type: 'text',
      computed: sql`coalesce((select g.name from ${parkingGates} g where g.id = ${e(gateEvents.gateId)} and g.tenant_id = ${e(gateEvents.tenantId)}), '')`,
      width: 110,
    },
    {
      prop: 'decision',
      label: '道闸',
      type: 'select',
      options: [
        { label: '放行', value: 'open' },
        { label: '拒绝', value: 'deny' },
      ],
      search: 'eq',
      width: 70,
      ...listOnly,
    },
    { prop: 'reason', label: '说明', type: 'text', width: 100, ...listOnly },
    { prop: 'fee', label: '临停费(元)', type: 'money', width: 100, ...listOnly },
    { prop: 'event_id', label: '设备事件号', type: 'text', table: false, ...listOnly },
  ],
  hooks: { beforeSave: written, beforeBatch: written, beforeDelete: () => Promise.reject(fail('出入记录不能删除')) },
});
