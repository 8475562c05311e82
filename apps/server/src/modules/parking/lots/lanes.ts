import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { HookCtx, ResourceDef, Row } from '../../../core/engine/types.ts';
import type { Caller } from '../../../core/auth/actor.ts';
import { invalid } from '../../../core/errors.ts';
import { createdAtField, lotField, statusField, villageField } from '../fields.ts';
import { parkingGates, parkingLots } from '../schema.ts';

export const GATE_ROUTE = '/Web/Internet/ParkingGate/listConfig';

/** A lot of the caller's company the caller may see, or a form error on lot_id. */
export const lotOfCaller = async (db: HookCtx['db'], caller: Caller, lotId: number): Promise<{ villageId: number }> => {
  const [lot] = await db
    .select({ villageId: parkingLots.villageId })
    .from(parkingLots)
    .where(and(eq(parkingLots.id, lotId), eq(parkingLots.tenantId, caller.actor.tenantId!)))
    .limit(1);
  if (!lot || (caller.villageIds && !caller.villageIds.includes(lot.villageId)))
    throw invalid('停车场不存在或无权限', 'lot_id');
  return lot;
};

/**
 * 车道: the barrier lanes of a lot, shown below it. The device signs every event with the lane's secret, made
 * here when the lane is added and readable only in its detail (never listed or exported).
 */
export const gateResource: ResourceDef = defineResource({
  route: GATE_ROUTE,
  title: '车道',
  name: 'ParkingBox',
  menu: false,
  table: parkingGates,
  ownership: 'tenant',
  villageScoped: true,
  labelProp: 'name',
  rowActions: ['detail', 'edit', 'delete'],
  fields: [
    villageField({ add: false, edit: false, import: false, required: false, search: false }),
    lotField(),
    { prop: 'name', label: '车道名称', type: 'text', required: true, maxLength: 50, search: true, width: 140 },
    { prop: 'parkcode', label: '设备编号', type: 'text', required: true, maxLength: 64, search: true, width: 140 },
    {
      prop: 'direction',
      label: '方向',
      type: 'select',
      options: [
        { label: '入口', value: 1 },
        { label: '出口', value: 2 },
      ],
      required: true,
      defaultValue: 1,
      search: 'eq',
      width: 80,
    },
    { prop: 'person_name', label: '负责人', type: 'text', maxLength: 50, width: 100 },
    { prop: 'phone', label: '联系电话', type: 'text', maxLength: 20, validator: 'mobile', width: 120 },
    { prop: 'internet_url', label: '设备地址', type: 'text', maxLength: 255, table: false },
    { prop: 'lonlat', label: '位置', type: 'mapPoint', table: false },
    { prop: 'address', label: '位置描述', type: 'text', maxLength: 255, table: false },
    {
      prop: 'secret',
      label: '签名密钥',
      type: 'text',
      readonly: true,
      table: false,
      add: false,
      edit: false,
      export: false,
      import: false,
    },
    statusField(),
    createdAtField,
  ],
  hooks: {
    beforeSave: async ({ db, caller }, values, existing) => {
      const out: Row = { ...values };
      if (values.lotId !== undefined) out.villageId = (await lotOfCaller(db, caller, Number(values.lotId))).villageId;
      if (!existing) out.secret = randomBytes(32).toString('hex');
      const code = values.parkcode;
      if (typeof code === 'string' && !(existing && code === existing.parkcode)) {
        const [taken] = await db
          .select({ id: parkingGates.id })
          .from(parkingGates)
          .where(
            and(
              eq(parkingGates.tenantId, caller.actor.tenantId!),
              eq(parkingGates.parkcode, code),
              existing ? ne(parkingGates.id, Number(existing.id)) : undefined,
            ),
          )
          .limit(1);
        if (taken) throw invalid('设备编号已存在', 'parkcode');
      }
      return out;
    },
  },
});
