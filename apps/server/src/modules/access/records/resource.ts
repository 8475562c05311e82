import { sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { qualified } from '../../../core/db/sql.ts';
import { fail } from '../../../core/errors.ts';
import { accessRecords } from '../../estate/index.ts';
import { accessDevices } from '../schema.ts';
import { DIRECTIONS, OPEN_TYPES, villageField } from '../fields.ts';

export const RECORD_ROUTE = '/Web/Internet/AccessRecord/listConfig';

const listOnly = { add: false, edit: false, import: false, readonly: true } as const;
const written = () => {
  throw fail('通行记录由门禁设备上报，不能手工新增或修改');
};

/** 通行记录: who passed which door, as the devices reported it, newest first; written only by the devices. */
export const accessRecordResource: ResourceDef = defineResource({
  route: RECORD_ROUTE,
  title: '通行记录',
  name: 'AccessRecord',
  menu: { app: 'web', group: 'iot', title: '通行记录', order: 2, buttons: ['export'] },
  table: accessRecords,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'created_at', dir: 'desc' },
    { column: 'id', dir: 'desc' },
  ],
  toolbar: ['export'],
  rowActions: ['detail'],
  fields: [
    villageField({ required: false, ...listOnly }),
    { prop: 'img', label: '抓拍图片', type: 'image', width: 90, ...listOnly },
    { prop: 'person_name', label: '姓名', type: 'text', search: true, width: 100, ...listOnly },
    { prop: 'jctype', label: '方向', type: 'select', options: DIRECTIONS, search: 'eq', width: 70, ...listOnly },
    { prop: 'open_type', label: '开门方式', type: 'select', options: OPEN_TYPES, search: 'eq', width: 90, ...listOnly },
    {
      prop: 'device_name',
      label: '门禁设备',
      type: 'text',
      computed: sql`coalesce((select d.name from ${accessDevices} d where d.id = ${qualified(accessRecords.deviceId)} and d.tenant_id = ${qualified(accessRecords.tenantId)}), '')`,
      width: 140,
    },
    { prop: 'door', label: '门号', type: 'number', width: 70, ...listOnly },
    { prop: 'credential', label: '卡号/人脸/二维码', type: 'text', width: 140, ...listOnly },
    { prop: 'similarity', label: '相似度(%)', type: 'number', width: 90, ...listOnly },
    { prop: 'created_at', label: '通行时间', type: 'datetime', search: 'range', width: 160, ...listOnly },
    { prop: 'event_id', label: '设备事件号', type: 'text', table: false, ...listOnly },
  ],
  hooks: { beforeSave: written, beforeBatch: written, beforeDelete: () => Promise.reject(fail('通行记录不能删除')) },
});
