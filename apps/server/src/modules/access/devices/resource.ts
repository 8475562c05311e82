import { and, eq, ne, sql } from 'drizzle-orm';
import { accessFacesApi } from '@5a/contracts/endpoints/access-faces';
import { defineResource } from '../../../core/engine/registry.ts';
import type { HookCtx, ResourceDef, Row } from '../../../core/engine/types.ts';
import { qualified } from '../../../core/db/sql.ts';
import { invalid } from '../../../core/errors.ts';
import { buildings } from '../../estate/index.ts';
import { accessDevices } from '../schema.ts';
import { DEVICE_TYPES, DIRECTIONS, villageField } from '../fields.ts';
import { issueSecret } from './secret.ts';
import { ONLINE_SQL } from './online.ts';

export const DEVICE_BASE = '/Web/Internet/AccessControlManagement';
export const DEVICE_ROUTE = `${DEVICE_BASE}/listConfig`;

const readOnly = { add: false, edit: false, import: false, readonly: true } as const;

/** the building must be one of the device's village; its unit one of the building's (or none) */
const checkPlace = async (db: HookCtx['db'], tenantId: number, villageId: number, buildingId: number | null) => {
  if (!buildingId) return;
  const [b] = await db
    .select({ villageId: buildings.villageId })
    .from(buildings)
    .where(and(eq(buildings.id, buildingId), eq(buildings.tenantId, tenantId)))
    .limit(1);
  if (!b || b.villageId !== villageId) throw invalid('楼栋不属于所选小区', 'building_id');
};

const checkJson = (text: unknown) => {
  if (typeof text !== 'string' || text.trim() === '') return;
  try {
    JSON.parse(text);
  } catch {
    throw invalid('设备参数须为 JSON 格式', 'jsonparam');
  }
};

/**
 * 门禁管理: the door controllers and face terminals of the villages. A device is added by the 新增设备 dialog, whose
 * reply carries its signing secret once; the secret is no field, so no list, detail or export ever shows it.
 * 在线状态 follows the device's calls (online.ts).
 */
export const accessDeviceResource: ResourceDef = defineResource({
  route: DEVICE_ROUTE,
  title: '门禁设备',
  name: 'AccessControlManagement',
  menu: {
    app: 'web',
    group: 'iot',
    title: '门禁管理',
    order: 1,
    buttons: ['add', 'edit', 'remove', 'export'],
  },
  table: accessDevices,
  ownership: 'tenant',
  villageScoped: true,
  labelProp: 'name',
  // added through the 新增设备 dialog (its secret is shown there), never by the plain form or an import
  toolbar: ['export'],
  rowActions: [
    'detail',
    'edit',
    { type: 'faceRefresh', title: '刷新人脸', api: accessFacesApi.refresh.path },
    'delete',
  ],
  fields: [
    villageField(),
    {
      prop: 'building_id',
      label: '楼栋',
      type: 'select',
      optionsUrl: '/Web/Basic/Building/options',
      byVillage: true,
      clearable: true,
      search: 'eq',
      width: 100,
      ref: { table: buildings, labelColumn: 'name', tenantScoped: true },
    },
    {
      prop: 'unit_name',
      label: '单元',
      type: 'text',
      maxLength: 20,
      width: 80,
      optionsUrl: '/Web/Basic/Building/units',
      optionsBy: 'building_id',
    },
    { prop: 'name', label: '设备名称', type: 'text', required: true, maxLength: 50, search: true, width: 140 },
    {
      prop: 'device_type',
      label: '设备类型',
      type: 'select',
      options: DEVICE_TYPES,
      required: true,
      defaultValue: 1,
      search: 'eq',
      width: 110,
    },
    {
      prop: 'gateno',
      label: '设备编号',
      type: 'text',
      required: true,
      maxLength: 64,
      pattern: { source: '^[A-Za-z0-9_.:-]+$', message: '设备编号只能是字母、数字、下划线、点、冒号或短横线' },
      search: true,
      width: 130,
    },
    { prop: 'model', label: '型号', type: 'text', maxLength: 50, width: 100 },
    { prop: 'serial_no', label: '序列号', type: 'text', maxLength: 64, width: 130 },
    {
      prop: 'direction',
      label: '方向',
      type: 'select',
      options: DIRECTIONS,
      required: true,
      defaultValue: 1,
      search: 'eq',
      width: 70,
    },
    {
      prop: 'online',
      label: '在线状态',
      type: 'select',
      options: [
        { label: '在线', value: 1 },
        { label: '离线', value: 2 },
      ],
      computed: ONLINE_SQL(qualified(accessDevices.lastHeartbeat)),
      width: 90,
      ...readOnly,
    },
    { prop: 'last_heartbeat', label: '最后心跳', type: 'datetime', width: 160, ...readOnly },
    { prop: 'path', label: '安装位置', type: 'text', maxLength: 255, table: false },
    { prop: 'worker', label: '维护人', type: 'text', maxLength: 50, width: 90 },
    { prop: 'workerphone', label: '维护人电话', type: 'text', maxLength: 20, validator: 'mobile', width: 120 },
    { prop: 'jsonparam', label: '设备参数', type: 'textarea', maxLength: 2000, table: false },
    {
      prop: 'wuyeid',
      label: '物业ID',
      type: 'number',
      computed: sql`${qualified(accessDevices.tenantId)}`,
      table: false,
      export: false,
      ...readOnly,
    },
    {
      prop: 'status',
      label: '状态',
      type: 'select',
      options: [
        { label: '启用', value: 1 },
        { label: '停用', value: 2 },
      ],
      required: true,
      defaultValue: 1,
      search: 'eq',
      batch: true,
      width: 80,
    },
    { prop: 'created_at', label: '创建时间', type: 'datetime', width: 160, ...readOnly },
  ],
  hooks: {
    beforeSave: async ({ db, caller, registry }, values, existing) => {
      const tenantId = caller.actor.tenantId!;
      const out: Row = { ...values };
      const villageId = Number(values.villageId ?? existing?.village_id);
      const buildingId = values.buildingId === undefined ? existing?.building_id : values.buildingId;
      await checkPlace(db, tenantId, villageId, buildingId ? Number(buildingId) : null);
      checkJson(values.jsonparam);
      if (!existing) out.secret = issueSecret(registry, caller);
      const code = values.gateno;
      if (typeof code === 'string' && !(existing && code === existing.gateno)) {
        const [taken] = await db
          .select({ id: accessDevices.id })
          .from(accessDevices)
          .where(
            and(
              eq(accessDevices.tenantId, tenantId),
              eq(accessDevices.gateno, code),
              existing ? ne(accessDevices.id, Number(existing.id)) : undefined,
            ),
          )
          .limit(1);
        if (taken) throw invalid('设备编号已存在', 'gateno');
      }
      return out;
    },
  },
});
