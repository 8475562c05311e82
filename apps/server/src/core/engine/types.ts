import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  AnyEndpoint,
  CustomActionType,
  CustomButton,
  FieldRule,
  FooterTable,
  Option,
  RowAction,
  ToolbarActionType,
  ToolbarButton,
  ValueType,
} from '@5a/contracts';
import type { Actor, Caller } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import type { CustomAction } from './custom-action.ts';
import type { AppRegistry } from './registry.ts';

export type Row = Record<string, unknown>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Rows of another table that keep a row from being deleted, counted per table (see ResourceDef.dependents). */
export type Dependent = { table: PgTable; column: string; message: (row: Row, n: number) => string };
/**
 * A dependent declared by the module that owns the keeping rows (`Module.dependents`), so the module of the kept
 * table needs not know it: a counted dependent or, where the refusal names several rows, its own check.
 */
export type LentDependent = { of: PgTable } & (Dependent | { refuse: (q: Tx, rows: readonly Row[]) => Promise<void> });
/** member: the value is one of a comma-joined column's items (a resident's tags) */
export type SearchMode = 'like' | 'eq' | 'range' | 'prefix' | 'in' | 'member';

/** A field declared once; the flags say where it appears. */
export type FieldDef = {
  /** API name; equals the SQL column name unless `column` or `computed` says otherwise */
  prop: string;
  label: string;
  type: ValueType;
  column?: string;
  /** read-only value computed in SQL (a join, a count); never written */
  computed?: SQL;
  /** write-only input with no column, handled by hooks (a password, role ids); never read */
  virtual?: boolean;
  dict?: string;
  options?: Option[];
  optionsUrl?: string;
  /** in forms, only the options of the village chosen in the form's 所属小区 */
  byVillage?: boolean;
  pick?: { route: string; labelProp: string };
  treeUrl?: string;
  required?: boolean;
  /** a blank sent for this (nullable) field clears it to null, instead of keeping the stored value */
  clearable?: boolean;
  /** text length cap (default 255, textarea 2000) */
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: { source: string; message: string };
  validator?: FieldRule['validator'];
  /** where it appears; defaults: table, add, edit, detail, export, import on; search, batch off */
  table?: boolean;
  search?: boolean | SearchMode;
  /** false: the list body may search by it (other screens' searches map onto it) but the search form shows no filter */
  searchForm?: false;
  add?: boolean;
  edit?: boolean;
  batch?: boolean;
  detail?: boolean;
  export?: boolean;
  import?: boolean;
  width?: number;
  /**
   * The list sorts by this field (in SQL, ties by id in the same direction, so an index on the
   * sort column and id serves deep pages either way). `true` sorts by the field's own value; `by`
   * names the table's columns that order like it (a computed room name by building and house, overdue
   * days by due date with `reverse`), which keeps the sort on an index.
   */
  sortable?: boolean | { by: readonly string[]; reverse?: boolean };
  /** form fields this one fills when set (target prop → picked row's prop, or 'sex' / 'birth' of an ID card) */
  fill?: Record<string, string>;
  /** the options url takes this other field's value as `?<prop>=` (a house's unit from its building) */
  optionsBy?: string;
  editable?: boolean;
  placeholder?: string;
  defaultValue?: unknown;
  jpgOnly?: boolean;
  maxSize?: number;
  /** image fields: a 拍照 button beside the upload takes a 500×400 PNG with the camera (the uploader's rules stay) */
  camera?: boolean;
  multiple?: boolean;
  readonly?: boolean;
  span?: number;
  /** import: resolve a text cell to an id within the tenant (e.g. a building name) */
  ref?: { table: PgTable; labelColumn: string; tenantScoped: boolean };
};

/** Who may see a row: a tenant's business rows, or the shared system tables' owner rules. */
export type Ownership = 'tenant' | 'owner' | 'owner+shared' | 'global';

/** `caller` is the request's caller (grants read once per request); `actor` is `caller.actor`. */
/** `registry` is the app's: what its modules declared and keep per app (a hook that needs another module's part) */
export type HookCtx = { db: Db | Tx; actor: Actor; caller: Caller; def: ResourceDef; registry: AppRegistry };
export type Hooks = {
  /** adjust values (column keys) before insert/update; throw AppError to refuse */
  beforeSave?: (ctx: HookCtx & { db: Tx }, values: Row, existing: Row | null, input: Row) => Promise<Row> | Row;
  afterSave?: (ctx: HookCtx & { db: Tx }, id: number, input: Row) => Promise<void> | void;
  /** batch edit: every row it changes (as stored) and the batch values, before the one UPDATE; throw AppError to refuse */
  beforeBatch?: (ctx: HookCtx & { db: Tx }, rows: Row[], input: Row) => Promise<void> | void;
  beforeDelete?: (ctx: HookCtx & { db: Tx }, existing: Row) => Promise<void> | void;
  /** every row of one delete at once, before beforeDelete: for one set-based check over all of them */
  beforeDeleteRows?: (ctx: HookCtx & { db: Tx }, rows: Row[]) => Promise<void> | void;
  /** an extra filter for every read and write of this resource */
  scope?: (caller: Caller) => SQL | undefined;
  /** which rows another screen's select may offer (enabled ones only); the list itself still shows them all */
  optionsWhere?: (caller: Caller) => SQL | undefined;
  /** adds computed props to a page of API rows (one query per page, never per row) */
  decorate?: (ctx: HookCtx, rows: Row[]) => Promise<Row[]>;
  /**
   * Import only, after every row passed the field rules: resolve what one column cannot say
   * (a house from building + unit + room) for a chunk of rows (up to 5,000) at once, set-based, and name the rows that
   * fail. It may add values the save hooks read from their `input`.
   */
  resolveImport?: (
    ctx: HookCtx,
    rows: { row: number; values: Row }[],
  ) => Promise<{ row: number; column: string; message: string }[]>;
  /** custom button / domain action handlers: POST {base}/{emit} with {data} */
  custom?: Partial<Record<CustomActionType, CustomAction>>;
};

/** a tab's filter; the caller for tabs that depend on who asks (a worker's own orders) */
export type TabDef = { key: string; title: string; where?: (table: PgTable, caller: Caller) => SQL | undefined };
/** toolbar buttons the engine builds from a bare key (title, selection and url derived) */
export type ToolbarKey = Extract<ToolbarActionType, 'add' | 'drag' | 'export' | 'import' | 'batchDelete' | 'batchEdit'>;

export type AppType = 'sys' | 'operator' | 'web';
export type MenuButton =
  | 'add'
  | 'edit'
  | 'remove'
  | 'view'
  | 'export'
  | 'import'
  | 'drag'
  | 'batch'
  | 'sensitive'
  | 'generate'
  | 'charge'
  | 'sign'
  | 'recharge'
  | 'package'
  | 'renew'
  | 'extend'
  | 'dispatch'
  | 'visit'
  | 'patrolSend';
/**
 * Where a screen sits in an app's menu tree. The start-up sync writes it into `menus` by a stable key
 * (`<app>:<name>`), so a title or group changed here follows on every installation.
 */
export type MenuPlacement = {
  app: AppType | AppType[];
  /** a group key of the app (seed/menus.ts); none: a top-level entry */
  group?: string;
  /** defaults to the declaration's title */
  title?: string;
  /** position in its group (or among the top-level entries) */
  order: number;
  icon?: string;
  /** the web page component; a list screen defaults to 'ListPage' */
  component?: string;
  /** keep the page alive between tabs; list screens default to true */
  cache?: boolean;
  hidden?: boolean;
  /** button menus, each granting `<name>:<button>` */
  buttons?: MenuButton[];
};

/**
 * A button as a screen declares it: its call is the endpoint contract its handler serves (so the button, the
 * handler and the web dialog share one path and body type), or the path of an engine route. The config the web
 * gets carries the path.
 */
export type Declared<B extends { api?: string }> = Omit<B, 'api'> &
  (undefined extends B['api'] ? { api?: string | AnyEndpoint } : { api: string | AnyEndpoint });

export type ResourceDef = {
  route: string;
  title: string;
  /** route name, the permission prefix */
  name: string;
  table: PgTable;
  ownership: Ownership;
  /** rows carry village_id and follow the role's data scope */
  villageScoped?: boolean;
  fields: FieldDef[];
  toolbar?: (ToolbarKey | Declared<ToolbarButton>)[];
  rowActions?: ('edit' | 'delete' | 'detail' | 'childAdd' | Declared<RowAction>)[];
  customButtons?: Declared<CustomButton>[];
  tabs?: TabDef[];
  footerTables?: FooterTable[];
  /**
   * Sums shown above the list (a bill list's unpaid / paid totals), over the same search as the list.
   * Each is an SQL expression of one row in fen; the total adds absolute values.
   */
  totals?: Partial<Record<'unpaidtotal' | 'havepaidtotal' | 'sharetotal', SQL>>;
  /** lazy tree by parent column */
  tree?: { parentColumn: string };
  /** drag sort by an integer column; the prop shown in the dialog */
  sort?: { column: string; titleProp: string };
  autoReload?: boolean;
  order?: { column: string; dir: 'asc' | 'desc' }[];
  maxPageSize?: number;
  importNotice?: string[];
  /** the prop shown when another screen picks a row of this one (options, table select) */
  labelProp?: string;
  /** permission codes of pages and dialogs that list this screen's options without a field declaring it (a dashboard's village selector) */
  optionsReaders?: string[];
  /**
   * Rows of other tables that keep a row from being deleted (a building's houses, a fee item's bills):
   * one grouped count per table over every row of the delete; the first row that has any is named.
   */
  dependents?: Dependent[];
  hooks?: Hooks;
  /** its menu entries; `false` for a screen shown only inside another one (a footer table) */
  menu?: MenuPlacement | MenuPlacement[] | false;
};
