import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf, intOf } from '@5a/contracts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { HookCtx, ResourceDef, Row } from '../../../core/engine/types.ts';
import type { Caller } from '../../../core/auth/actor.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { createdAtField, lotField, villageField } from '../fields.ts';
import { lotOfCaller } from './lanes.ts';
import { parkingLots, parkingSpaces } from '../schema.ts';
import { parkingApi } from '@5a/contracts/endpoints/parking';

export const SPACE_BASE = '/Web/Parking/Space';
export const SPACE_GENERATE = 'ParkingSpace:add';
/** the most spaces one generation writes */
export const MAX_SPACES = 2000;

/** 批量生成: numbers `${prefix}${n}` for n from start to end, n left-padded with zeros to `pad` digits. */
export const generateBody = z
  .object({
    lot_id: idOf('停车场'),
    prefix: z.string({ error: '前缀格式错误' }).trim().max(20, '前缀不能超过20个字符').default(''),
    start: intOf('起始编号', 0, 999999),
    end: intOf('结束编号', 0, 999999),
    pad: intOf('编号位数', 0, 6).default(0),
    type: intOf('车位类型', 1, 2).default(1),
  })
  .refine((b) => b.end >= b.start, { message: '结束编号不能小于起始编号', path: ['end'] })
  .refine((b) => b.end - b.start < MAX_SPACES, { message: `一次最多生成${MAX_SPACES}个车位`, path: ['end'] });
export type GenerateSpaces = z.output<typeof generateBody>;

/**
 * Writes the numbered spaces of a lot in one INSERT … SELECT over generate_series; numbers the lot already has are
 * skipped (the lot's unique space number), so generating twice adds nothing.
 */
export const generateSpaces = async (db: HookCtx['db'], caller: Caller, b: GenerateSpaces) => {
  await lotOfCaller(db, caller, b.lot_id);
  const [r] = (
    (await db.execute(sql`with ins as (
        insert into ${parkingSpaces} (tenant_id, village_id, lot_id, space_no, type)
        select l.tenant_id, l.village_id, l.id, ${b.prefix} || lpad(g::text, greatest(${b.pad}::int, length(g::text)), '0'), ${b.type}::smallint
        from ${parkingLots} l cross join generate_series(${b.start}::int, ${b.end}::int) g
        where l.id = ${b.lot_id}
        on conflict (lot_id, space_no, tenant_id) do nothing
        returning 1)
      select count(*)::int as n from ins`)) as unknown as { rows: { n: number }[] }
  ).rows;
  const inserted = r?.n ?? 0;
  const total = b.end - b.start + 1;
  if (inserted === 0) throw fail(`这${total}个车位已全部存在，无需重复生成`);
  return {
    inserted,
    skipped: total - inserted,
    msg: `生成完成：新增${inserted}个车位${inserted < total ? `，已存在跳过${total - inserted}个` : ''}`,
  };
};

/** 车位管理: the numbered spaces of each lot, sold (固定) or let (租赁), and whether a car is associated. */
export const spaceResource: ResourceDef = defineResource({
  route: `${SPACE_BASE}/listConfig`,
  title: '车位',
  name: 'ParkingSpace',
  menu: {
    app: 'web',
    group: 'parking',
    title: '车位管理',
    order: 2,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'batch'],
  },
  table: parkingSpaces,
  ownership: 'tenant',
  villageScoped: true,
  labelProp: 'space_no',
  order: [
    { column: 'lot_id', dir: 'asc' },
    { column: 'space_no', dir: 'asc' },
  ],
  toolbar: [
    'add',
    { type: 'parkingSpaceGenerate', title: '批量生成', selection: 'none', api: parkingApi.generateSpaces.path },
    { type: 'parkingAssociate', title: '关联车位', selection: 'none', api: parkingApi.associate.path },
    'export',
    'import',
    'batchDelete',
  ],
  fields: [
    villageField({ add: false, edit: false, import: false, required: false }),
    lotField(),
    { prop: 'space_no', label: '车位编号', type: 'text', required: true, maxLength: 32, search: true, width: 110 },
    {
      prop: 'type',
      label: '车位类型',
      type: 'select',
      options: [
        { label: '固定车位', value: 1 },
        { label: '租赁车位', value: 2 },
      ],
      required: true,
      defaultValue: 1,
      search: 'eq',
      batch: true,
      width: 100,
    },
    {
      prop: 'status',
      label: '状态',
      type: 'select',
      options: [
        { label: '空闲', value: 1 },
        { label: '已关联', value: 2 },
      ],
      defaultValue: 1,
      readonly: true,
      import: false,
      search: 'eq',
      width: 80,
    },
    { prop: 'monthly_fee', label: '月租(元)', type: 'money', min: 0, max: 100000, batch: true, width: 100 },
    { prop: 'cleaning_fee', label: '清洁费(元)', type: 'money', min: 0, max: 100000, batch: true, width: 100 },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false },
    createdAtField,
  ],
  hooks: {
    beforeSave: async ({ db, caller }, values, existing) => {
      const out: Row = { ...values };
      if (values.lotId !== undefined) out.villageId = (await lotOfCaller(db, caller, Number(values.lotId))).villageId;
      const lotId = Number(values.lotId ?? existing?.lotId);
      const no = String(values.spaceNo ?? existing?.spaceNo ?? '');
      const [taken] = await db
        .select({ id: parkingSpaces.id })
        .from(parkingSpaces)
        .where(
          and(
            eq(parkingSpaces.lotId, lotId),
            eq(parkingSpaces.spaceNo, no),
            existing ? ne(parkingSpaces.id, Number(existing.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw invalid('车位编号已存在', 'space_no');
      return out;
    },
  },
});
