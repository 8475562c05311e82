import { and, eq, ne, sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { qualified } from '../../../core/db/sql.ts';
import { createdAtField, statusField, villageField } from '../fields.ts';
import { GATE_ROUTE } from './lanes.ts';
import { parkingLots, parkingSpaces } from '../schema.ts';
import { parkingApi } from '@5a/contracts/endpoints/parking';

export const LOT_BASE = '/Web/Internet/ParkingBox';

/** 停车场: the car parks of the company's villages, their prices and, below each, its lanes. */
export const lotResource: ResourceDef = defineResource({
  route: `${LOT_BASE}/listConfig`,
  title: '停车场',
  name: 'ParkingBox',
  menu: {
    app: 'web',
    group: 'parking',
    title: '停车场',
    order: 1,
    buttons: ['add', 'edit', 'remove', 'export', 'import'],
  },
  table: parkingLots,
  ownership: 'tenant',
  villageScoped: true,
  labelProp: 'name',
  footerTables: [{ title: '车道', route: GATE_ROUTE, remoteKey: 'lot_id', parentKey: 'id' }],
  rowActions: ['detail', 'edit', 'delete'],
  toolbar: [
    'add',
    { type: 'parkingTempQr', title: '临时停车费二维码', selection: 'single', api: parkingApi.tempQr.path },
    'export',
    'import',
    'batchDelete',
  ],
  fields: [
    villageField(),
    { prop: 'name', label: '停车场名称', type: 'text', required: true, maxLength: 50, search: true, width: 160 },
    { prop: 'code', label: '停车场编号', type: 'text', required: true, maxLength: 32, search: true, width: 120 },
    { prop: 'capacity', label: '车位总数', type: 'number', min: 0, max: 100000, defaultValue: 0, width: 90 },
    {
      prop: 'free_minutes',
      label: '免费时长(分钟)',
      type: 'number',
      min: 0,
      max: 1440,
      defaultValue: 15,
      width: 110,
    },
    { prop: 'hour_price', label: '每小时(元)', type: 'money', min: 0, max: 10000, width: 100 },
    { prop: 'day_cap', label: '每日封顶(元)', type: 'money', min: 0, max: 100000, width: 110 },
    statusField(),
    { prop: 'lonlat', label: '位置', type: 'mapPoint', table: false },
    { prop: 'address', label: '地址', type: 'text', maxLength: 255, width: 180 },
    {
      prop: 'space_num',
      label: '已建车位',
      type: 'number',
      computed: sql`(select count(*)::int from ${parkingSpaces} s where s.lot_id = ${qualified(parkingLots.id)} and s.tenant_id = ${qualified(parkingLots.tenantId)})`,
      width: 90,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false },
    createdAtField,
  ],
  // spaces are sold or let to residents: a lot with spaces is disabled, not deleted (its lanes go with it)
  dependents: [
    {
      table: parkingSpaces,
      column: 'lot_id',
      message: (r, n) => `停车场“${String(r.name)}”下有${n}个车位，不能删除`,
    },
  ],
  hooks: {
    optionsWhere: () => sql`${parkingLots.status} = 1`,
    beforeSave: async ({ db, caller }, values, existing) => {
      const code = values.code;
      if (typeof code !== 'string' || (existing && code === existing.code)) return values;
      const [taken] = await db
        .select({ id: parkingLots.id })
        .from(parkingLots)
        .where(
          and(
            eq(parkingLots.tenantId, caller.actor.tenantId!),
            eq(parkingLots.code, code),
            existing ? ne(parkingLots.id, Number(existing.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw invalid('停车场编号已存在', 'code');
      return values;
    },
  },
});
