import { sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { monthlyCards, parkingPackages } from '../schema-gate.ts';
import { parkingLots } from '../schema.ts';
import { villageField } from '../fields.ts';

export const PACKAGE_BASE = '/Web/Parking/Package';
/** what the monthly-card top-up says when no package was chosen */
export const NO_PACKAGE = '请选择套餐!';

const lots = (c: string) => sql.raw(`"parking_packages"."${c}"`);

/** 月卡套餐: the monthly cards a village sells — months, price and the car parks they open. */
export const parkingPackageResource: ResourceDef = defineResource({
  route: `${PACKAGE_BASE}/listConfig`,
  title: '月卡套餐',
  name: 'ParkingPackage',
  menu: { app: 'web', group: 'parking', title: '月卡套餐', order: 4, buttons: ['add', 'edit', 'remove', 'export'] },
  table: parkingPackages,
  ownership: 'tenant',
  villageScoped: true,
  // 月卡充值 (on 车辆管理) offers the packages to whoever may top a card up
  optionsReaders: ['ParkingCar:edit'],
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['add', 'export', 'batchDelete'],
  fields: [
    villageField(),
    { prop: 'name', label: '套餐名称', type: 'text', required: true, maxLength: 50, search: true, width: 160 },
    { prop: 'months', label: '月数', type: 'number', required: true, min: 1, max: 120, width: 80 },
    { prop: 'price', label: '价格(元)', type: 'money', required: true, min: 0.01, max: 1000000, width: 110 },
    {
      prop: 'lot_ids',
      label: '适用停车场',
      type: 'select',
      multiple: true,
      required: true,
      optionsUrl: '/Web/Internet/ParkingBox/options',
      table: false,
      export: false,
    },
    {
      prop: 'lot_names',
      label: '适用停车场',
      type: 'text',
      computed: sql`coalesce((select string_agg(l.name, '、' order by l.id) from ${parkingLots} l where l.id = any(${lots('lot_ids')}) and l.tenant_id = ${lots('tenant_id')}), '')`,
      width: 200,
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
      width: 80,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false },
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, width: 160 },
  ],
  // a package cards were sold from stays (disable it instead)
  dependents: [
    {
      table: monthlyCards,
      column: 'package_id',
      message: (r, n) => `套餐“${String(r.name)}”已售出${n}张月卡，不能删除`,
    },
  ],
  hooks: {
    optionsWhere: () => sql`${parkingPackages.status} = 1`,
    beforeSave: async ({ db, caller }, values, existing) => {
      const ids = values.lotIds ?? existing?.lotIds;
      const village = values.villageId ?? existing?.villageId;
      if (!Array.isArray(ids) || ids.length === 0) throw invalid('请选择适用停车场', 'lot_ids');
      // the lots must be the village's own: an id of another village or company is refused, not stored
      const [{ n }] = (
        (await db.execute(sql`select count(*)::int as n from ${parkingLots}
          where tenant_id = ${caller.actor.tenantId ?? -1} and village_id = ${Number(village)}
            and id = any(${`{${ids.map(Number).join(',')}}`}::int[])`)) as unknown as { rows: { n: number }[] }
      ).rows as [{ n: number }];
      if (n !== new Set(ids.map(Number)).size) throw invalid('适用停车场不属于所选小区', 'lot_ids');
      return values;
    },
  },
});
