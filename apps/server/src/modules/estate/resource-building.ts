import { touchTable } from '../../core/engine/list-totals.ts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { INT4_MAX } from '@5a/contracts';
import { defineResource } from '../../core/engine/registry.ts';
import { customAction } from '../../core/engine/custom-action.ts';
import type { FieldDef, Row } from '../../core/engine/types.ts';
import { forbidden, invalid } from '../../core/errors.ts';
import { villageField, villages } from '../tenancy/index.ts';
import { areaPattern, decimal2 } from '../../core/engine/columns.ts';
import { unitNamesOf } from './format.ts';
import { buildings, gatePersons, houses } from './schema.ts';
import { findBuilding, generateForBuilding, scopeOfCaller } from './service.ts';
import { qualified } from '../../core/db/sql.ts';
import { estateApi } from '@5a/contracts/endpoints/estate';

const createdAt: FieldDef = {
  prop: 'created_at',
  label: '创建时间',
  type: 'datetime',
  readonly: true,
  width: 170,
  import: false,
  search: 'range',
};
const village = villageField;
/** {data} of 生成房屋: the building whose houses are generated */
const generateBody = z.object(
  {
    id: z.coerce
      .number({ error: '请选择楼栋' })
      .int('请选择楼栋')
      .positive('请选择楼栋')
      .max(INT4_MAX, '请选择楼栋')
      .describe('楼栋 id'),
  },
  { error: '请选择楼栋' },
);

/** 生成房屋's answer: rooms planned, added and already there */
const generatedReply = z.object({
  total: z.number().int(),
  inserted: z.number().int(),
  skipped: z.number().int(),
  msg: z.string(),
});
export const buildingResource = defineResource({
  route: '/Web/Basic/Building/listConfig',
  title: '楼栋',
  name: 'Building',
  menu: {
    app: 'web',
    group: 'basic',
    title: '楼栋管理',
    order: 2,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag'],
  },
  table: buildings,
  dependents: [
    { table: houses, column: 'building_id', message: (b, n) => `楼栋“${String(b.name)}”下有${n}套房屋，不能删除` },
  ],
  ownership: 'tenant',
  villageScoped: true,
  sort: { column: 'sort', titleProp: 'name' },
  labelProp: 'full_name',
  rowActions: ['edit', 'delete', { type: 'viewBuilding', title: '查看楼栋', api: estateApi.buildingView }],
  customButtons: [
    { emit: 'generateHouses', api: '/Web/Basic/Building/generateHouses', title: '生成房屋', isconfirm: true },
  ],
  importNotice: [
    '请先下载导入模板，按模板的列填写，不要修改表头',
    '所属小区填写小区名称；单元名称用逗号分隔（如“1单元,2单元”），留空按单元数生成',
    '导入前会校验每一行，任何一行有错误时不会写入任何数据',
  ],
  fields: [
    village(),
    { prop: 'name', label: '楼栋名称', type: 'text', required: true, maxLength: 50, search: true },
    { prop: 'units', label: '单元数', type: 'number', required: true, min: 1, max: 20, defaultValue: 1, width: 90 },
    {
      prop: 'unit_names',
      label: '单元名称',
      type: 'text',
      maxLength: 500,
      placeholder: '如：1单元,2单元；留空按单元数生成',
    },
    { prop: 'floors', label: '楼层数', type: 'number', required: true, min: 1, max: 200, width: 90, batch: true },
    {
      prop: 'rooms_per_floor',
      label: '每层户数',
      type: 'number',
      required: true,
      min: 1,
      max: 99,
      width: 90,
      batch: true,
    },
    { prop: 'bdper', label: '楼栋负责人', type: 'text', maxLength: 32, search: true },
    { prop: 'lonlat', label: '楼栋位置', type: 'mapPoint', table: false },
    { prop: 'img', label: '楼栋照片', type: 'image', jpgOnly: true, maxSize: 2097152, table: false },
    { prop: 'bdp_img', label: '楼栋平面图', type: 'image', maxSize: 2097152, table: false },
    { prop: 'sort', label: '排序', type: 'number', min: 0, width: 80 },
    {
      prop: 'house_num',
      label: '房屋数',
      type: 'number',
      computed: sql`(select count(*)::int from ${houses} h where h.building_id = ${qualified(buildings.id)} and h.tenant_id = ${qualified(buildings.tenantId)})`,
      width: 90,
    },
    // the label other screens pick a building by: two villages may both have a 1幢
    {
      prop: 'full_name',
      label: '楼栋',
      type: 'text',
      computed: sql`(select v.name from ${villages} v where v.id = ${qualified(buildings.villageId)} and v.tenant_id = ${qualified(buildings.tenantId)}) || ' ' || ${qualified(buildings.name)}`,
      table: false,
      detail: false,
      export: false,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    createdAt,
  ],
  hooks: {
    beforeSave: (_ctx, values, existing) => {
      const units = Number(values.units ?? existing?.units ?? 1);
      // unit names follow a changed unit count unless the user typed them
      const typed =
        values.unitNames !== undefined
          ? String(values.unitNames)
          : existing && units !== Number(existing.units)
            ? ''
            : String(existing?.unitNames ?? '');
      const { names, error } = unitNamesOf(units, typed);
      if (error) throw invalid(error, 'unit_names');
      return { ...values, unitNames: names.join(',') };
    },
    // a building moved to another village takes its houses and residents along (set-based)
    afterSave: async ({ db, caller }, id) => {
      const tenantId = caller.actor.tenantId ?? -1;
      await db.execute(
        sql`update ${houses} h set village_id = b.village_id from ${buildings} b
          where b.id = ${id} and b.tenant_id = ${tenantId} and h.building_id = b.id and h.tenant_id = b.tenant_id and h.village_id <> b.village_id`,
      );
      await db.execute(
        sql`update ${gatePersons} p set village_id = b.village_id from ${buildings} b
          where b.id = ${id} and b.tenant_id = ${tenantId} and p.building_id = b.id and p.tenant_id = b.tenant_id and p.village_id <> b.village_id`,
      );
      touchTable(houses, gatePersons);
    },
    custom: {
      generateHouses: customAction('add', generateBody, generatedReply, async ({ db, caller }, { id }) => {
        const s = scopeOfCaller(caller);
        // the rows written are houses: the caller needs that right too
        if (!s.perms.has('House:add')) throw forbidden();
        return db.transaction((tx) => generateForBuilding(tx, s, id));
      }),
    },
  },
});

/** A house's floor when the file or form leaves it out: '1201' → 12, '301' → 3. */
const floorOf = (name: string) => (/^\d{3,}$/.test(name) ? Number(name.slice(0, -2)) : 1);

/** The prepaid top-up (fees, a later module) that the house list opens for the selected house, and who may use it. */
export const HOUSE_RECHARGE_API = '/Web/Renewal/Balance/recharge';
export const HOUSE_RECHARGE_PERM = 'Balance:recharge';

export const houseResource = defineResource({
  route: '/Web/Basic/House/listConfig',
  title: '房屋',
  name: 'House',
  menu: {
    app: 'web',
    group: 'basic',
    title: '房屋管理',
    order: 3,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag'],
  },
  table: houses,
  toolbar: [
    'add',
    'export',
    'import',
    'batchDelete',
    // the fees' top-up call; shown to whoever may top up (routes.ts), as on the 预存余额 list
    { type: 'recharge', title: '预存充值', selection: 'single', api: HOUSE_RECHARGE_API },
  ],
  dependents: [
    { table: gatePersons, column: 'house_id', message: (h, n) => `房屋“${String(h.name)}”下有${n}位住户，不能删除` },
  ],
  ownership: 'tenant',
  villageScoped: true,
  labelProp: 'full_name',
  order: [
    { column: 'building_id', dir: 'asc' },
    { column: 'unit_name', dir: 'asc' },
    { column: 'floor', dir: 'asc' },
    { column: 'name', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  importNotice: [
    '请先下载导入模板，按模板的列填写，不要修改表头',
    '楼栋填写楼栋名称（同一物业公司内不能重名）；楼层留空时按房号推算（1201 → 12 层）',
    '导入前会校验每一行，任何一行有错误时不会写入任何数据',
  ],
  fields: [
    village({ add: false, edit: false, import: false, required: false }),
    {
      prop: 'building_id',
      label: '楼栋',
      type: 'select',
      optionsUrl: '/Web/Basic/Building/options',
      required: true,
      search: 'eq',
      table: false,
      ref: { table: buildings, labelColumn: 'name', tenantScoped: true },
    },
    // one 楼栋 filter, the select above; the name stays searchable for the bill lists' house searches
    {
      prop: 'building_name',
      label: '楼栋',
      type: 'text',
      computed: sql`(select b.name from ${buildings} b where b.id = ${qualified(houses.buildingId)} and b.tenant_id = ${qualified(houses.tenantId)})`,
      search: true,
      searchForm: false,
      sortable: { by: ['building_id', 'unit_name', 'floor', 'name'] },
      width: 100,
    },
    {
      prop: 'unit_name',
      label: '单元',
      type: 'text',
      required: true,
      maxLength: 20,
      search: true,
      width: 90,
      // the form offers the chosen building's units
      optionsUrl: '/Web/Basic/Building/units',
      optionsBy: 'building_id',
    },
    { prop: 'floor', label: '楼层', type: 'number', min: -10, max: 200, width: 80, search: 'eq' },
    {
      prop: 'name',
      label: '房号',
      type: 'text',
      required: true,
      maxLength: 20,
      search: true,
      width: 90,
      sortable: { by: ['building_id', 'unit_name', 'floor', 'name'] },
    },
    {
      prop: 'area',
      label: '建筑面积(㎡)',
      type: 'text',
      maxLength: 12,
      pattern: areaPattern('建筑面积'),
      width: 110,
      batch: true,
    },
    {
      prop: 'house_type',
      label: '房屋类型',
      type: 'dict',
      dict: 'house_type',
      defaultValue: '1',
      search: true,
      batch: true,
      width: 90,
    },
    {
      prop: 'house_state',
      label: '房屋状态',
      type: 'dict',
      dict: 'house_state',
      defaultValue: '3',
      search: true,
      batch: true,
      width: 90,
    },
    {
      prop: 'use_type',
      label: '使用性质',
      type: 'dict',
      dict: 'house_use_type',
      defaultValue: '1',
      search: true,
      batch: true,
      width: 90,
    },
    { prop: 'balance', label: '预存余额', type: 'money', readonly: true, import: false, width: 100 },
    {
      prop: 'person_num',
      label: '住户数',
      type: 'number',
      computed: sql`(select count(*)::int from ${gatePersons} p where p.house_id = ${qualified(houses.id)} and p.tenant_id = ${qualified(houses.tenantId)})`,
      width: 80,
    },
    {
      prop: 'full_name',
      label: '房屋',
      type: 'text',
      computed: sql`(select b.name from ${buildings} b where b.id = ${qualified(houses.buildingId)} and b.tenant_id = ${qualified(houses.tenantId)}) || ${qualified(houses.unitName)} || ${qualified(houses.name)}`,
      table: false,
      detail: false,
      export: false,
    },
    // a form that picks a house fills in who lives there (a repair order's 报修人 and 联系电话)
    ...(['name', 'tel'] as const).map((c): FieldDef => ({
      prop: `owner_${c}`,
      label: c === 'name' ? '业主' : '业主电话',
      type: 'text',
      computed: sql`(select p.${sql.raw(c)} from ${gatePersons} p where p.house_id = ${qualified(houses.id)} and p.tenant_id = ${qualified(houses.tenantId)} and p.personnel_type = 1 order by p.is_huzhu, p.id limit 1)`,
      table: false,
      detail: false,
      export: false,
    })),
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    createdAt,
  ],
  hooks: {
    beforeSave: async ({ db, caller }, values, existing) => {
      const out: Row = { ...values };
      const buildingId = Number(values.buildingId ?? existing?.buildingId);
      if (values.buildingId !== undefined || values.unitName !== undefined) {
        const b = await findBuilding(db, scopeOfCaller(caller), buildingId);
        if (!b) throw invalid('楼栋不存在或无权限', 'building_id');
        out.villageId = b.villageId;
        const unit = String(values.unitName ?? existing?.unitName ?? '');
        const names = unitNamesOf(b.units, b.unitNames).names;
        // '1' is accepted for '1单元'
        const matched = names.includes(unit) ? unit : names.includes(`${unit}单元`) ? `${unit}单元` : null;
        if (!matched) throw invalid(`单元“${unit}”不在楼栋“${b.name}”中（${names.join('、')}）`, 'unit_name');
        out.unitName = matched;
      }
      if (!existing && (values.floor === undefined || values.floor === null))
        out.floor = floorOf(String(values.name ?? ''));
      // a floor typed above the building's top floor is a typo (basements are negative; a floor read
      // off the room number is not checked, imports of rooms like 1001 keep working)
      const floor = values.floor;
      if (floor !== undefined && floor !== null && Number(floor) > 0) {
        const b = await findBuilding(db, scopeOfCaller(caller), buildingId);
        if (b && Number(floor) > b.floors) throw invalid(`楼层不能超过楼栋“${b.name}”的楼层数 ${b.floors}`, 'floor');
      }
      if (out.area === '') out.area = null;
      return out;
    },
    afterSave: async ({ db, caller }, id) => {
      await db.execute(sql`update ${gatePersons} p set building_id = h.building_id, village_id = h.village_id from ${houses} h
        where h.id = ${id} and h.tenant_id = ${caller.actor.tenantId ?? -1} and p.house_id = h.id and p.tenant_id = h.tenant_id and (p.building_id <> h.building_id or p.village_id <> h.village_id)`);
      touchTable(gatePersons);
    },
    decorate: async (_ctx, rows) => rows.map((r) => ({ ...r, area: decimal2(r.area) })),
  },
});
