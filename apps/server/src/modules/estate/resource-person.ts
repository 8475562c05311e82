import { eq, sql } from 'drizzle-orm';
import { defineResource } from '../../core/engine/registry.ts';
import type { Row } from '../../core/engine/types.ts';
import { invalid } from '../../core/errors.ts';
import { villages } from '../tenancy/index.ts';
import { maskIdcard, maskPhone } from './format.ts';
import { buildings, gatePersons, houses } from './schema.ts';
import {
  findHouse,
  logSensitiveViews,
  resolveHouse,
  resolveHouses,
  scopeOfCaller,
  type HouseKey,
  type HouseRef,
  type Scope,
} from './service.ts';
import { qualified } from '../../core/db/sql.ts';
import { estateApi } from '@5a/contracts/endpoints/estate';

/** Who may see ID cards and phones in full (a button under 住户管理). */
export const SENSITIVE_PERM = 'GatePerson:sensitive';
/** The resident-tag button needs the prevention-control list page in the caller's menu. */
export const PROTECTION_PERM = 'Protection:view';
export const SENSITIVE_FIELDS = ['idcard', 'tel'] as const;

/** personnel_type values behind the tabs (dictionary personnel_type) */
export const PERSON_TABS = [
  { key: 'owner', title: '业主', type: 1 },
  { key: 'tenant', title: '租户', type: 2 },
  { key: 'family', title: '家属', type: 3 },
] as const;

/** an import row with the house it names */
type HouseRow = { r: { row: number; values: Row }; key: HouseKey };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The house a row points at: a picked house id, or building / unit / room text from an import. */
const houseOf = async (
  db: Parameters<typeof findHouse>[0],
  s: Scope,
  values: Row,
  input: Row,
): Promise<HouseRef | null> => {
  if (values.houseId !== undefined && values.houseId !== null) {
    const h = await findHouse(db, s, Number(values.houseId));
    if (!h) throw invalid('房屋不存在或无权限', 'house_id');
    return h;
  }
  const [building, unit, room] = [text(input.building_name), text(input.unit_name), text(input.room_name)];
  if (!building && !unit && !room) return null;
  if (!building || !unit || !room) throw invalid('请填写楼栋、单元和房号', 'house_id');
  return resolveHouse(
    db,
    s,
    values.villageId === undefined ? undefined : Number(values.villageId),
    building,
    unit,
    room,
  );
};

export const gatePersonResource = defineResource({
  route: '/Web/Basic/GatePerson/listConfig',
  title: '住户',
  name: 'GatePerson',
  // 查看敏感信息: ID cards and phones unmasked (every view logged)
  menu: {
    app: 'web',
    group: 'basic',
    title: '住户管理',
    order: 4,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag', 'sensitive'],
  },
  table: gatePersons,
  ownership: 'tenant',
  villageScoped: true,
  // an owner select names the house beside the person: two 张伟 in one village are told apart
  labelProp: 'name_house',
  tabs: PERSON_TABS.map((t) => ({ key: t.key, title: t.title, where: () => eq(gatePersons.personnelType, t.type) })),
  toolbar: [
    'add',
    'export',
    'import',
    'batchDelete',
    { type: 'ownerTags', title: '住户标签', selection: 'multi', api: '/Web/Basic/GatePerson/batch' },
    {
      type: 'batch',
      title: '批量通过',
      selection: 'multi',
      api: estateApi.reviewPass,
      method: 'confirm',
    },
  ],
  rowActions: [
    'edit',
    'delete',
    'detail',
    { type: 'review', title: '审核', api: estateApi.reviewSave, showRule: { key: 'status', val: 0 } },
  ],
  importNotice: [
    '请先下载导入模板，按模板的列填写，不要修改表头',
    '房屋按“楼栋、单元、房号”三列查找（如 1幢 / 1单元 / 1201）；楼栋在多个小区重名时请填写小区',
    '身份证号码需为18位且校验位正确，手机号码为11位',
    '导入前会校验每一行，任何一行有错误时不会写入任何数据',
  ],
  fields: [
    {
      prop: 'name_house',
      label: '住户',
      type: 'text',
      computed: sql`${qualified(gatePersons.name)} || coalesce('（' || (select b.name || h.unit_name || h.name from ${houses} h join ${buildings} b on b.id = h.building_id where h.id = ${qualified(gatePersons.houseId)} and h.tenant_id = ${qualified(gatePersons.tenantId)}) || '）', '')`,
      table: false,
      detail: false,
      export: false,
    },
    {
      prop: 'village_id',
      label: '小区',
      type: 'select',
      optionsUrl: '/Web/Basic/Village/options',
      search: true,
      add: false,
      edit: false,
      import: true,
      width: 120,
      ref: { table: villages, labelColumn: 'name', tenantScoped: true },
    },
    {
      prop: 'house_id',
      label: '房屋',
      type: 'tableSelect',
      pick: { route: '/Web/Basic/House/listConfig', labelProp: 'full_name' },
      required: true,
      import: false,
      table: false,
      detail: false,
      export: false,
    },
    {
      prop: 'house_name',
      label: '房屋',
      type: 'text',
      computed: sql`(select b.name || h.unit_name || h.name from ${houses} h join ${buildings} b on b.id = h.building_id where h.id = ${qualified(gatePersons.houseId)} and h.tenant_id = ${qualified(gatePersons.tenantId)})`,
      width: 140,
    },
    // import only: the house is found from these three texts
    {
      prop: 'building_name',
      label: '楼栋',
      type: 'text',
      virtual: true,
      add: false,
      edit: false,
      import: true,
      maxLength: 50,
    },
    {
      prop: 'unit_name',
      label: '单元',
      type: 'text',
      virtual: true,
      add: false,
      edit: false,
      import: true,
      maxLength: 20,
    },
    {
      prop: 'room_name',
      label: '房号',
      type: 'text',
      virtual: true,
      add: false,
      edit: false,
      import: true,
      maxLength: 20,
    },
    { prop: 'name', label: '姓名', type: 'text', required: true, maxLength: 32, search: true, width: 90 },
    { prop: 'personnel_type', label: '人员类型', type: 'dict', dict: 'personnel_type', defaultValue: '1', width: 90 },
    { prop: 'card_type', label: '证件类型', type: 'dict', dict: 'card_type', defaultValue: '1', table: false },
    // exact search only: a partial search would reveal masked digits one by one
    {
      prop: 'idcard',
      label: '身份证号码',
      type: 'text',
      validator: 'idcard',
      maxLength: 18,
      search: 'eq',
      width: 180,
      // the number says the holder's sex
      fill: { sex: 'sex' },
    },
    { prop: 'sex', label: '性别', type: 'dict', dict: 'sys_sex', width: 70 },
    { prop: 'tel', label: '手机号码', type: 'text', validator: 'mobile', maxLength: 11, search: 'eq', width: 130 },
    {
      prop: 'relationship',
      label: '与户主关系',
      type: 'dict',
      dict: 'owner_relation',
      defaultValue: '1',
      table: false,
    },
    {
      prop: 'household_identity',
      label: '户籍身份',
      type: 'dict',
      dict: 'household_identity',
      defaultValue: '1',
      table: false,
    },
    { prop: 'is_huzhu', label: '是否户主', type: 'switch', defaultValue: 2, table: false },
    { prop: 'is_livein', label: '是否入住', type: 'switch', defaultValue: 1, width: 90 },
    {
      prop: 'status',
      label: '审核状态',
      type: 'dict',
      dict: 'review_status',
      defaultValue: '1',
      search: true,
      width: 90,
    },
    {
      prop: 'tags',
      label: '住户标签',
      type: 'checkbox',
      dict: 'person_tag',
      add: false,
      batch: true,
      table: false,
      // residents carrying a tag (the search picks one of the company's tags)
      search: 'member',
    },
    { prop: 'address', label: '住址', type: 'text', maxLength: 255, table: false, placeholder: '留空按房屋生成' },
    { prop: 'dianbiao_num', label: '电表号', type: 'text', maxLength: 50, table: false },
    { prop: 'gate_card_id', label: '门禁卡号', type: 'text', maxLength: 50, table: false },
    // a resident's photo is his face picture: the avatar uploader's rules (JPG only, at most 2 MB), or taken on the
    // spot with the camera
    {
      prop: 'imgs',
      label: '照片',
      type: 'image',
      multiple: true,
      jpgOnly: true,
      maxSize: 2097152,
      camera: true,
      table: false,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    {
      prop: 'create_time',
      column: 'created_at',
      label: '登记时间',
      type: 'datetime',
      readonly: true,
      width: 170,
      import: false,
      search: 'range',
    },
  ],
  hooks: {
    beforeSave: async ({ db, caller }, values, existing, input) => {
      const out: Row = { ...values };
      // an import resolved every row's house already (resolveImport)
      const h = (input.__house as HouseRef | undefined) ?? (await houseOf(db, scopeOfCaller(caller), values, input));
      if (!h && !existing) throw invalid('请选择房屋', 'house_id');
      if (h) Object.assign(out, { houseId: h.id, villageId: h.villageId, buildingId: h.buildingId });
      // a blank address follows the house
      const address = values.address ?? (existing ? undefined : '');
      if (h && address === '') out.address = `${h.villageName}${h.buildingName}${h.unitName}${h.name}`;
      // sex follows the ID card's 17th digit (odd = male) unless given
      const idcard = String(values.idcard ?? '');
      if (values.sex === undefined && idcard.length === 18 && !existing) out.sex = Number(idcard[16]) % 2 === 1 ? 1 : 2;
      return out;
    },
    /**
     * The houses of all rows in one pass: rows that name their village are looked up in those
     * villages only (a chunk of a large file names a few, where building names like “1幢” recur in
     * every village), the others in all the caller's villages. A row whose house is missing is named.
     */
    resolveImport: async ({ db, caller }, rows) => {
      const s = scopeOfCaller(caller);
      const errors: { row: number; column: string; message: string }[] = [];
      const inVillage: HouseRow[] = [];
      const anywhere: HouseRow[] = [];
      for (const r of rows) {
        const key = {
          villageId: r.values.village_id === undefined ? undefined : Number(r.values.village_id),
          building: text(r.values.building_name),
          unit: text(r.values.unit_name),
          room: text(r.values.room_name),
        };
        if (!key.building || !key.unit || !key.room)
          errors.push({ row: r.row, column: '房屋', message: '请填写楼栋、单元和房号' });
        else (key.villageId ? inVillage : anywhere).push({ r, key });
      }
      const named = [...new Set(inVillage.map((x) => x.key.villageId!))].filter(
        (v) => s.villageIds === null || s.villageIds.includes(v),
      );
      for (const [list, scope] of [
        [inVillage, { ...s, villageIds: named }],
        [anywhere, s],
      ] as const) {
        if (!list.length) continue;
        const found = await resolveHouses(
          db,
          scope,
          list.map((x) => x.key),
        );
        list.forEach(({ r }, i) => {
          const h = found[i]!;
          if (typeof h === 'string') errors.push({ row: r.row, column: '房屋', message: h });
          else r.values.__house = h;
        });
      }
      return errors.sort((a, b) => a.row - b.row);
    },
    /**
     * Masks ID cards and phones for callers without the sensitive right; otherwise logs the page
     * view (one insert for all rows shown). Runs for lists, details and exports alike.
     */
    decorate: async ({ db, caller }, rows) => {
      if (!rows.length) return rows;
      const s = scopeOfCaller(caller);
      if (s.perms.has(SENSITIVE_PERM)) {
        const shown = rows.filter((r) => SENSITIVE_FIELDS.some((f) => r[f]));
        logSensitiveViews(
          db,
          s,
          shown.map((r) => Number(r.id)),
          SENSITIVE_FIELDS.join(','),
        );
        return rows;
      }
      return rows.map((r) => ({
        ...r,
        idcard: maskIdcard(String(r.idcard ?? '')),
        tel: maskPhone(String(r.tel ?? '')),
      }));
    },
  },
});
