import {
  AUDIT_SCREEN,
  PAGE_SIZES,
  type AnyEndpoint,
  type CustomButton,
  type FieldConfig,
  type RowAction,
  type ScreenConfig,
  type ToolbarButton,
} from '@5a/contracts';
import { rulesOf } from './validate.ts';
import { isSortable } from './columns.ts';
import type { ScreenExtension } from './extensions.ts';
import type { FieldDef, ResourceDef, ToolbarKey } from './types.ts';

/** '/Web/Basic/Building/listConfig' → '/Web/Basic/Building': every action url hangs off it. */
export const baseOf = (route: string) => route.slice(0, route.lastIndexOf('/'));

export type Action = 'view' | 'add' | 'edit' | 'remove' | 'export' | 'import' | 'drag';

/** Permission code of an action; drag and import may be granted per tab ('GatePerson:import:owner'). */
export const permCodes = (def: ResourceDef, action: Action, tab?: string) =>
  tab && (action === 'drag' || action === 'import')
    ? [`${def.name}:${action}`, `${def.name}:${action}:${tab}`]
    : [`${def.name}:${action}`];

export const can = (perms: ReadonlySet<string>, def: ResourceDef, action: Action, tab?: string) =>
  permCodes(def, action, tab).some((c) => perms.has(c));

export const fieldConfig = (f: FieldDef): FieldConfig => ({
  prop: f.prop,
  label: f.label,
  type: f.type,
  dict: f.dict,
  options: f.options,
  optionsUrl: f.optionsUrl,
  pick: f.pick,
  treeUrl: f.treeUrl,
  rules: rulesOf(f),
  inTable: !f.virtual && f.table !== false,
  inSearch: !!f.search && f.searchForm !== false,
  inAdd: !f.computed && !f.readonly && f.add !== false,
  inEdit: !f.computed && !f.readonly && (f.edit ?? f.add) !== false,
  inBatch: f.batch === true,
  inDetail: !f.virtual && f.detail !== false,
  inExport: !f.virtual && (f.export ?? f.table) !== false && f.type !== 'image',
  inImport:
    !f.computed &&
    !f.readonly &&
    (f.import ?? f.add) !== false &&
    !['image', 'file', 'mapPolygon', 'richText'].includes(f.type),
  width: f.width,
  sortable: isSortable(f) || undefined,
  fill: f.fill,
  optionsBy: f.optionsBy,
  editable: f.editable,
  placeholder: f.placeholder,
  defaultValue: f.defaultValue,
  jpgOnly: f.jpgOnly,
  maxSize: f.maxSize,
  camera: f.camera,
  byVillage: f.byVillage,
  multiple: f.multiple,
  readonly: f.readonly || !!f.computed,
  span: f.span,
});

const toolbarDefaults = (def: ResourceDef): ToolbarKey[] => [
  'add',
  ...(def.sort ? (['drag'] as const) : []),
  'export',
  'import',
  'batchDelete',
];

const toolbarButton = (def: ResourceDef, key: ToolbarKey, base: string): ToolbarButton => {
  switch (key) {
    case 'add':
      return { type: 'add', title: '新增', selection: 'none' };
    case 'drag':
      return { type: 'drag', title: '排序', selection: 'none' };
    case 'export':
      return { type: 'export', title: '导出', selection: 'none' };
    case 'import':
      return { type: 'import', title: '导入', selection: 'none' };
    case 'batchDelete':
      return {
        type: 'batchDelete',
        title: '批量删除',
        selection: 'multi',
        api: `${base}/batchDel`,
        confirm: '确定要删除这{n}条数据吗?',
        danger: true,
      };
    case 'batchEdit':
      return { type: 'batchEdit', title: '批量修改', selection: 'multi', api: `${base}/batch` };
  }
  return { type: key, title: def.title, selection: 'none' };
};

const toolbarPerm: Record<string, Action> = {
  add: 'add',
  drag: 'drag',
  export: 'export',
  import: 'import',
  batchDelete: 'remove',
  batchEdit: 'edit',
  // a configured batch action changes rows: batch rides on edit
  batch: 'edit',
};
const rowPerm: Record<string, Action> = {
  edit: 'edit',
  delete: 'remove',
  detail: 'view',
  childAdd: 'add',
  addClassChild: 'add',
  assignAuth: 'edit',
  userAuth: 'edit',
  commonAuth: 'edit',
  indexModule: 'edit',
  visitorReview: 'edit',
  faceRefresh: 'edit',
  epidemicControl: 'edit',
};

/** what the web gets of a declared button: its call as a path */
const withPath = <B extends { api?: string | AnyEndpoint }>(b: B) =>
  b.api === undefined || typeof b.api === 'string' ? b : { ...b, api: b.api.path };

/** The screen config for one caller: a button the caller may not use is not in it. */
/** `lent` are what other modules add to this screen (the app's registry: `registry.extensionsOf(def.table)`). */
export const screenConfig = (
  def: ResourceDef,
  perms: ReadonlySet<string>,
  tab?: string,
  lent: readonly ScreenExtension[] = [],
  dialogs: readonly ToolbarButton[] = [],
): ScreenConfig => {
  const base = baseOf(def.route);
  const allowed = (a: Action | undefined) => !a || can(perms, def, a, tab);
  const declared = (def.toolbar ?? toolbarDefaults(def))
    .map((t) => (typeof t === 'string' ? toolbarButton(def, t, base) : (withPath(t) as ToolbarButton)))
    .filter((b) => allowed(toolbarPerm[b.type]));
  // the served dialogs (already checked against the caller) go after 新增, before the list's own tools
  const at = declared.findIndex((b) => b.type === 'add') + 1;
  const toolbar = [...declared.slice(0, at), ...dialogs, ...declared.slice(at)];
  const rowActions: RowAction[] = (def.rowActions ?? ['edit', 'delete', ...(def.tree ? (['childAdd'] as const) : [])])
    .map((a) =>
      typeof a === 'string'
        ? { type: a, title: { edit: '编辑', delete: '删除', detail: '详情', childAdd: '新增下级' }[a] }
        : (withPath(a) as RowAction),
    )
    .filter((a) => allowed(rowPerm[a.type]));
  const customButtons = (def.customButtons ?? [])
    .filter((b) => allowed(def.hooks?.custom?.[b.emit]?.perm))
    .map((b) => withPath(b) as CustomButton);
  const hasImport = toolbar.some((b) => b.type === 'import');
  return {
    route: def.route,
    title: def.title,
    name: def.name,
    rowKey: 'id',
    tabType: tab,
    fields: def.fields.map(fieldConfig),
    toolbar,
    rowActions,
    customButtons,
    tabs: (def.tabs ?? []).map((t) => ({ key: t.key, title: t.title })),
    footerTables: [...(def.footerTables ?? []), ...lent.flatMap((e) => e.footerTables ?? [])],
    totals: Object.keys(def.totals ?? {}) as ScreenConfig['totals'],
    tree: !!def.tree,
    dragTitle: def.sort?.titleProp,
    autoReload: !!def.autoReload,
    pageSizes: PAGE_SIZES,
    pageSize: 10,
    urls: {
      list: `${base}/list`,
      detail: `${base}/detail`,
      add: allowed('add') ? `${base}/add` : undefined,
      childAdd: def.tree && allowed('add') ? `${base}/childAdd` : undefined,
      edit: allowed('edit') ? `${base}/edit` : undefined,
      del: allowed('remove') ? `${base}/del` : undefined,
      batchDel: allowed('remove') ? `${base}/batchDel` : undefined,
      batch: allowed('edit') ? `${base}/batch` : undefined,
      cellSave: allowed('edit') && def.fields.some((f) => f.editable) ? `${base}/cellSave` : undefined,
      savesort: def.sort && allowed('drag') ? `${base}/savesort` : undefined,
      sortList: def.sort && allowed('drag') ? `${base}/sortList` : undefined,
      export: allowed('export') ? `${base}/export` : undefined,
      import: hasImport ? `${base}/import` : undefined,
      template: hasImport ? `${base}/importTemplate` : undefined,
      tree: def.tree ? `${base}/lazyTree` : undefined,
      history: perms.has(`${AUDIT_SCREEN}:view`) && def.name !== AUDIT_SCREEN ? `${base}/history` : undefined,
    },
    importNotice: hasImport
      ? {
          NoticeContent: def.importNotice ?? [
            '请先下载导入模板，按模板的列填写，不要修改表头',
            '带 * 的列必填；字典列填写中文名称（如“正常”）',
            '导入前会校验每一行，任何一行有错误时不会写入任何数据',
          ],
          downloadUrl: `${base}/importTemplate`,
        }
      : undefined,
  };
};
