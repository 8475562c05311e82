import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { qualified } from '../../../core/db/sql.ts';
import { customAction } from '../../../core/engine/custom-action.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef, Tx } from '../../../core/engine/types.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import { gatePersons } from '../../estate/index.ts';
import { createdAtField, villageField } from '../fields.ts';
import { parkingAssociations } from '../schema-assoc.ts';
import { parkingSpaces } from '../schema.ts';
import { parkingApi } from '@5a/contracts/endpoints/parking';

export const ASSOC_BASE = '/Web/Parking/Association';
export const OVERLAP = '该车位在所选时段已有有效关联';
export const ASSOC_ACTIVE = 1;
export const ASSOC_VOID = 2;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (label: string) =>
  z
    .string({ error: `${label}格式错误` })
    .regex(DATE, `${label}格式错误`)
    .refine((s) => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()), `${label}格式错误`);
const oneOrTwo = (label: string) =>
  z.coerce
    .number({ error: `${label}格式错误` })
    .refine((v) => v === 1 || v === 2, `${label}格式错误`)
    .default(1);

/** 关联车位: the form's values; the date range is disabled (and ignored) for a long-term association */
export const associateBody = z
  .object({
    spaceNum: idOf('车位'),
    owner: idOf('业主'),
    type: oneOrTwo('类型'),
    status: oneOrTwo('状态'),
    isLongTime: oneOrTwo('时长'),
    start_date: dateOf('开始日期').optional(),
    end_date: dateOf('结束日期').optional(),
    remark: z.string({ error: '备注格式错误' }).max(255, '备注不能超过255个字符').optional(),
    /** 1: bill the first term of a short-term rental at once; 2 (the default): no bill */
    bill_first: z.coerce
      .number({ error: '首期账单格式错误' })
      .refine((v) => v === 1 || v === 2, '首期账单格式错误')
      .default(2),
  })
  .superRefine((b, ctx) => {
    if (b.isLongTime === 1) return;
    if (!b.start_date || !b.end_date) ctx.addIssue({ code: 'custom', message: '请选择起止日期', path: ['start_end'] });
    else if (b.end_date < b.start_date)
      ctx.addIssue({ code: 'custom', message: '结束日期不能早于开始日期', path: ['start_end'] });
  });
export type Associate = z.output<typeof associateBody>;

const seenBy = (caller: Caller, column: string) =>
  caller.villageIds === null ? sql`true` : sql`${sql.raw(column)} = any(${`{${caller.villageIds.join(',')}}`}::int[])`;

/**
 * Space status follows its associations: 2 已关联 while a 有效 one covers today, else 1 空闲. One statement for the
 * given spaces.
 */
export const refreshSpaceStatus = async (db: Db | Tx, tenantId: number, spaceIds: readonly number[]): Promise<void> => {
  if (spaceIds.length === 0) return;
  const today = formatDate(new Date());
  await db.execute(sql`update ${parkingSpaces} s
    set status = case when exists (
        select 1 from ${parkingAssociations} a where a.space_id = s.id and a.tenant_id = s.tenant_id and a.status = ${ASSOC_ACTIVE}
          and a.start_date <= ${today}::date and coalesce(a.end_date, 'infinity'::date) >= ${today}::date
      ) then 2 else 1 end, updated_at = now()
    where s.id = any(${`{${spaceIds.join(',')}}`}::int[]) and s.tenant_id = ${tenantId}`);
  touchTable(parkingSpaces);
};

/**
 * The day moves on without a write: a space whose association has ended (or starts today) gets its status on the
 * next sweep. Only spaces shown 已关联 or holding a 有效 association are looked at; one statement for every company.
 */
export const sweepSpaceStatus = async (db: Db): Promise<number> => {
  const today = formatDate(new Date());
  const r = await db.execute(sql`update ${parkingSpaces} s set status = x.want, updated_at = now()
    from (
      select c.id, c.tenant_id, case when exists (
          select 1 from ${parkingAssociations} a where a.space_id = c.id and a.tenant_id = c.tenant_id and a.status = ${ASSOC_ACTIVE}
            and a.start_date <= ${today}::date and coalesce(a.end_date, 'infinity'::date) >= ${today}::date
        ) then 2 else 1 end as want
      from ${parkingSpaces} c
      where c.status = 2 or (c.id, c.tenant_id) in (select space_id, tenant_id from ${parkingAssociations} where status = ${ASSOC_ACTIVE})
    ) x
    where s.id = x.id and s.tenant_id = x.tenant_id and s.status <> x.want
    returning s.id`);
  const changed = (r as unknown as { rows: unknown[] }).rows.length;
  if (changed) touchTable(parkingSpaces);
  return changed;
};

/**
 * 关联车位: gives a space to an owner of its village for a period (long-term: no end). The space's row is locked
 * (FOR UPDATE) while the period is checked against its other 有效 associations, so two offices associating the
 * same space at once cannot both win. Another company's (or an unseen village's) space or owner does not exist.
 */
export type MadeAssociation = { id: number; tenantId: number; villageId: number; spaceId: number; personId: number };

export const associateSpace = async <T extends object = object>(
  db: Db,
  caller: Caller,
  b: Associate,
  // what else the same transaction does with the new association (its first term's bill)
  then?: (tx: Tx, made: MadeAssociation) => Promise<T>,
): Promise<{ id: number } & Partial<T>> => {
  const tenant = caller.actor.tenantId ?? -1;
  const long = b.isLongTime === 1;
  const start = long ? (b.start_date ?? formatDate(new Date())) : b.start_date!;
  const end = long ? null : b.end_date!;
  return db.transaction(async (tx) => {
    const [space] = rowsOf<{ id: number; village_id: number; space_no: string }>(
      await tx.execute(sql`select id, village_id, space_no from ${parkingSpaces}
        where id = ${b.spaceNum} and tenant_id = ${tenant} and ${seenBy(caller, 'village_id')} for update`),
    );
    if (!space) throw invalid('车位不存在', 'spaceNum');
    const [owner] = await tx
      .select({ id: gatePersons.id })
      .from(gatePersons)
      .where(
        sql`${gatePersons.id} = ${b.owner} and ${gatePersons.tenantId} = ${tenant} and ${gatePersons.villageId} = ${space.village_id}`,
      );
    if (!owner) throw invalid('业主不存在', 'owner');
    if (b.status === ASSOC_ACTIVE) await refuseOverlap(tx, tenant, space.id, start, end, null);
    const [row] = await tx
      .insert(parkingAssociations)
      .values({
        tenantId: tenant,
        villageId: space.village_id,
        spaceId: space.id,
        personId: owner.id,
        type: b.type,
        status: b.status,
        isLongTime: long,
        startDate: start,
        endDate: end,
        remark: b.remark ?? '',
      })
      .returning({ id: parkingAssociations.id });
    touchTable(parkingAssociations);
    await refreshSpaceStatus(tx, tenant, [space.id]);
    const made = { id: row!.id, tenantId: tenant, villageId: space.village_id, spaceId: space.id, personId: owner.id };
    const more: Partial<T> = then ? await then(tx, made) : {};
    return { ...more, id: row!.id };
  });
};

/** another 有效 association of the space whose period meets [start, end] (end null: open) */
const refuseOverlap = async (
  tx: Tx,
  tenantId: number,
  spaceId: number,
  start: string,
  end: string | null,
  except: number | null,
) => {
  const [clash] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from ${parkingAssociations}
      where space_id = ${spaceId} and tenant_id = ${tenantId} and status = ${ASSOC_ACTIVE} and id <> ${except ?? 0}
        and start_date <= coalesce(${end}::date, 'infinity'::date)
        and coalesce(end_date, 'infinity'::date) >= ${start}::date
      limit 1`),
  );
  if (clash) throw invalid(OVERLAP, 'spaceNum');
};

export const takenSpacesBody = z.object({
  village_id: idOf('小区'),
  start_date: dateOf('开始日期').optional(),
  end_date: dateOf('结束日期').optional(),
});

/**
 * The village's spaces a 有效 association holds at some day of the period (as 关联车位 would refuse them),
 * with whose they are and until when: the space select shows them taken.
 */
export const takenSpaces = async (db: Db, caller: Caller, b: z.infer<typeof takenSpacesBody>) => {
  const start = b.start_date ?? null;
  const rows = rowsOf<{ id: number; owner: string | null; until: string | null }>(
    await db.execute(sql`select distinct on (a.space_id) a.space_id as id,
        (select p.name from ${gatePersons} p where p.id = a.person_id and p.tenant_id = a.tenant_id) as owner,
        to_char(a.end_date, 'YYYY-MM-DD') as until
      from ${parkingAssociations} a
      where a.tenant_id = ${caller.actor.tenantId ?? -1} and a.village_id = ${b.village_id}
        and ${seenBy(caller, 'a.village_id')} and a.status = ${ASSOC_ACTIVE}
        and a.start_date <= coalesce(${b.end_date ?? null}::date, 'infinity'::date)
        and coalesce(a.end_date, 'infinity'::date) >= coalesce(${start}::date, (now() at time zone 'Asia/Shanghai')::date)
      order by a.space_id, a.end_date desc nulls first`),
  );
  return rows.map((r) => ({ id: Number(r.id), owner: r.owner ?? '', until: r.until }));
};

/** 设为无效: the association stops counting (its space may be associated again); its bills stay as they are. */
export const voidAssociation = async (db: Db | Tx, caller: Caller, id: number): Promise<void> => {
  const [row] = rowsOf<{ space_id: number; status: number }>(
    await db.execute(sql`select space_id, status from ${parkingAssociations}
      where id = ${id} and tenant_id = ${caller.actor.tenantId ?? -1} and ${seenBy(caller, 'village_id')}`),
  );
  if (!row) throw fail('关联不存在');
  if (row.status === ASSOC_VOID) throw fail('该关联已无效');
  const tenantId = caller.actor.tenantId ?? -1;
  await db.execute(
    sql`update ${parkingAssociations} set status = ${ASSOC_VOID}, updated_at = now() where id = ${id} and tenant_id = ${tenantId}`,
  );
  touchTable(parkingAssociations);
  await refreshSpaceStatus(db, tenantId, [row.space_id]);
};

const spaceNo = sql`(select s.space_no from ${parkingSpaces} s where s.id = ${qualified(parkingAssociations.spaceId)} and s.tenant_id = ${qualified(parkingAssociations.tenantId)})`;
const amountOf = sql`(select s.monthly_fee + s.cleaning_fee from ${parkingSpaces} s where s.id = ${qualified(parkingAssociations.spaceId)} and s.tenant_id = ${qualified(parkingAssociations.tenantId)})`;
const ro = { add: false, edit: false, import: false } as const;

/** 车位关联: who holds which space for which period; 续费 extends a short-term one through a bill. */
export const associationResource: ResourceDef = defineResource({
  route: `${ASSOC_BASE}/listConfig`,
  title: '车位关联',
  name: 'ParkingAssociation',
  menu: { app: 'web', group: 'parking', title: '车位关联', order: 4, buttons: ['add', 'edit', 'export'] },
  table: parkingAssociations,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['export'],
  rowActions: [
    { type: 'parkingRenew', title: '续费', api: parkingApi.renew.path, showRule: { key: 'isLongTime', val: 2 } },
  ],
  customButtons: [
    {
      emit: 'assocInvalid',
      api: `${ASSOC_BASE}/assocInvalid`,
      title: '设为无效',
      isconfirm: true,
      showRule: { key: 'status', val: ASSOC_ACTIVE },
    },
  ],
  fields: [
    villageField({ ...ro, required: false }),
    { prop: 'spaceNum', label: '车位编号', type: 'text', computed: spaceNo, search: false, width: 110, ...ro },
    {
      prop: 'owner',
      label: '业主',
      type: 'select',
      column: 'person_id',
      optionsUrl: '/Web/Basic/GatePerson/options',
      search: 'eq',
      width: 110,
      ...ro,
    },
    {
      prop: 'tel',
      label: '联系电话',
      type: 'text',
      computed: sql`(select p.tel from ${gatePersons} p where p.id = ${qualified(parkingAssociations.personId)} and p.tenant_id = ${qualified(parkingAssociations.tenantId)})`,
      width: 120,
      ...ro,
    },
    {
      prop: 'type',
      label: '类型',
      type: 'select',
      options: [
        { label: '固定车位', value: 1 },
        { label: '租赁车位', value: 2 },
      ],
      search: 'eq',
      width: 90,
      ...ro,
    },
    {
      prop: 'status',
      label: '状态',
      type: 'select',
      options: [
        { label: '有效', value: 1 },
        { label: '无效', value: 2 },
      ],
      search: 'eq',
      width: 70,
      ...ro,
    },
    {
      prop: 'isLongTime',
      label: '时长',
      type: 'select',
      options: [
        { label: '长期', value: 1 },
        { label: '短期', value: 2 },
      ],
      computed: sql`(case when ${qualified(parkingAssociations.isLongTime)} then 1 else 2 end)`,
      width: 70,
      ...ro,
    },
    { prop: 'start_date', label: '开始日期', type: 'date', width: 110, ...ro },
    { prop: 'end_date', label: '结束日期', type: 'date', width: 110, ...ro },
    { prop: 'total', label: '月费用(元)', type: 'money', computed: amountOf, width: 100, ...ro },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false, ...ro },
    createdAtField,
  ],
  hooks: {
    // an association is made by 关联车位 (the space locked, periods checked) and ended by 设为无效, never written
    // through the generic form or deleted: its bills and the space's status depend on it
    beforeSave: () => {
      throw fail('请在车位管理中使用“关联车位”');
    },
    beforeBatch: () => {
      throw fail('请使用“设为无效”');
    },
    beforeDelete: () => {
      throw fail('车位关联不能删除，请设为无效');
    },
    custom: {
      assocInvalid: customAction(
        'edit',
        z.object({ id: idOf('关联') }),
        z.object({ msg: z.string() }),
        async ({ db, caller }, data) => {
          await voidAssociation(db, caller, data.id);
          return { msg: '已设为无效' };
        },
      ),
    },
  },
});
