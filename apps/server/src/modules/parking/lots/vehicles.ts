import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef, Row, Tx } from '../../../core/engine/types.ts';
import type { Caller } from '../../../core/auth/actor.ts';
import { invalid } from '../../../core/errors.ts';
import { gatePersons } from '../../estate/index.ts';
import { createdAtField, statusField, villageField } from '../fields.ts';
import { normalizePlate, plateKind } from '../plate.ts';
import { vehicles } from '../schema.ts';

export const VEHICLE_BASE = '/Web/Parking/Car';
export const VEHICLE_ACTIVE = 1;

/** Whether the company already has another active registration of the plate (the partial unique index is the backstop). */
const plateTaken = async (db: Tx, tenantId: number, plate: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, tenantId),
        eq(vehicles.plate, plate),
        eq(vehicles.status, VEHICLE_ACTIVE),
        exceptId ? ne(vehicles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
};

/** The resident's village, when he is one of the caller's company the caller may see. */
const villageOfPerson = async (db: Tx, caller: Caller, personId: number) => {
  const [p] = await db
    .select({ villageId: gatePersons.villageId })
    .from(gatePersons)
    .where(and(eq(gatePersons.id, personId), eq(gatePersons.tenantId, caller.actor.tenantId!)))
    .limit(1);
  if (!p || (caller.villageIds && !caller.villageIds.includes(p.villageId)))
    throw invalid('住户不存在或无权限', 'person_id');
  return p.villageId;
};

/** 车辆管理: residents' cars by plate; a plate is registered once per company while active. */
export const vehicleResource: ResourceDef = defineResource({
  route: `${VEHICLE_BASE}/listConfig`,
  title: '车辆',
  name: 'ParkingCar',
  menu: {
    app: 'web',
    group: 'parking',
    title: '车辆管理',
    order: 3,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'batch'],
  },
  table: vehicles,
  ownership: 'tenant',
  villageScoped: true,
  labelProp: 'plate',
  importNotice: [
    '请先下载导入模板，按模板的列填写，不要修改表头',
    '车牌号如“京A12345”（新能源车 8 位，如“沪AD12345”），字母不含 I、O',
    '导入前会校验每一行，任何一行有错误时不会写入任何数据',
  ],
  fields: [
    villageField(),
    { prop: 'plate', label: '车牌号', type: 'text', required: true, maxLength: 10, search: true, width: 110 },
    {
      prop: 'car_type',
      label: '车辆类型',
      type: 'select',
      options: [
        { label: '小型汽车', value: 1 },
        { label: '大型汽车', value: 2 },
        { label: '新能源汽车', value: 3 },
        { label: '摩托车', value: 4 },
      ],
      required: true,
      defaultValue: 1,
      search: 'eq',
      width: 100,
    },
    { prop: 'colour', label: '车身颜色', type: 'text', maxLength: 16, width: 90 },
    {
      prop: 'person_id',
      label: '车主',
      type: 'select',
      optionsUrl: '/Web/Basic/GatePerson/options',
      search: 'eq',
      width: 110,
      ref: { table: gatePersons, labelColumn: 'name', tenantScoped: true },
    },
    statusField(),
    { prop: 'photos', label: '车辆照片', type: 'image', multiple: true, maxSize: 2097152, table: false },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false },
    createdAtField,
  ],
  hooks: {
    beforeSave: async ({ db, caller }, values, existing) => {
      const out: Row = { ...values };
      if (values.personId !== undefined && values.personId !== null)
        out.villageId = await villageOfPerson(db, caller, Number(values.personId));
      const plate = values.plate !== undefined ? normalizePlate(String(values.plate)) : String(existing?.plate ?? '');
      if (values.plate !== undefined) {
        if (!plateKind(plate)) throw invalid('车牌号格式错误', 'plate');
        out.plate = plate;
      }
      const active = Number(values.status ?? existing?.status ?? VEHICLE_ACTIVE) === VEHICLE_ACTIVE;
      const changed = !existing || plate !== existing.plate || Number(existing.status) !== VEHICLE_ACTIVE;
      if (
        active &&
        changed &&
        (await plateTaken(db, caller.actor.tenantId!, plate, existing ? Number(existing.id) : undefined))
      )
        throw invalid('该车牌已登记', 'plate');
      return out;
    },
    // re-enabling several cars at once: none may take a plate another active car holds
    beforeBatch: async ({ db, caller }, rows, input) => {
      if (Number(input.status) !== VEHICLE_ACTIVE) return;
      const plates = rows.map((r) => String(r.plate));
      const ids = rows.map((r) => Number(r.id));
      const seen = new Set<string>();
      for (const p of plates) {
        if (seen.has(p)) throw invalid(`车牌${p}重复，不能同时启用`, 'status');
        seen.add(p);
      }
      const [clash] = await db
        .select({ plate: vehicles.plate })
        .from(vehicles)
        .where(
          and(
            eq(vehicles.tenantId, caller.actor.tenantId!),
            eq(vehicles.status, VEHICLE_ACTIVE),
            inArray(vehicles.plate, plates),
            notInArray(vehicles.id, ids),
          ),
        )
        .limit(1);
      if (clash) throw invalid(`车牌${clash.plate}已登记`, 'status');
    },
  },
});
