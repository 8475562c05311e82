import type { RawSql } from '../../../core/db/raw.ts';

/**
 * Which tables a company owns, read from the database's catalog when an export runs (so a table added later is
 * exported without anyone listing it): every base table of `public` with a `tenant_id`; the tables without one that
 * hang off such a table by a foreign key (a role's menus, an alert's reads, a route's points); the company's own row
 * of `tenants`. A partitioned table is read through its parent only. What is neither is the platform's or session
 * state and is named in SKIPPED, so a new table nobody classified shows up in the catalog test.
 */

/** tables without tenant_id that are not the company's data: sessions, login state, the platform's own rows */
export const SKIPPED: Readonly<Record<string, string>> = {
  auth_tokens: '登录令牌',
  login_captchas: '登录验证码',
  login_failures: '登录失败记录',
  login_forms: '登录表单',
  resident_login_codes: '住户登录验证码',
  menus: '平台菜单',
  operators: '运营商',
  platform_notices: '平台公告',
  services: '平台服务项目',
  rollup_state: '统计汇总进度',
  expiry_reminders: '平台到期提醒',
  expiry_changes: '平台延期记录',
};

/** tables with tenant_id that are session state, never data to take away */
export const SKIPPED_TENANT: Readonly<Record<string, string>> = {
  resident_sessions: '住户登录会话',
};

/** links the schema has no foreign key for: (table, column) → the tenant table whose id it holds */
export const LINKS_WITHOUT_FK: Readonly<Record<string, { column: string; parent: string }>> = {
  notice_reads: { column: 'user_id', parent: 'users' },
};

/** how a table's rows of one company are found */
export type Ownership =
  | { kind: 'tenant' }
  | { kind: 'own-row' }
  | { kind: 'child'; parent: string; pairs: { column: string; parentColumn: string }[] };

export type ExportColumn = { name: string; type: string };

export type ExportTable = {
  name: string;
  columns: ExportColumn[];
  /** keyset order: the primary key, else the row's physical address */
  key: ExportColumn[];
  owner: Ownership;
};

type TableRow = { name: string; has_tenant: boolean };
type ColumnRow = { table_name: string; name: string; type: string; pk: number | null };
type FkRow = { child: string; parent: string; cols: string; pcols: string };

const catalogQueries = {
  tables: `select c.relname as name,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
              and a.attnum > 0 and not a.attisdropped) as has_tenant
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`,
  // pk: the column's position in the primary key (1-based), null when not in it
  columns: `select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      (select array_position(i.indkey::int2[], a.attnum) + 0 from pg_index i
        where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname, a.attnum`,
  fks: `select cl.relname as child, pl.relname as parent,
      (select string_agg(a.attname, ',' order by k.i) from unnest(co.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.n) as cols,
      (select string_agg(a.attname, ',' order by k.i) from unnest(co.confkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = co.confrelid and a.attnum = k.n) as pcols
    from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_class pl on pl.oid = co.confrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where co.contype = 'f' and n.nspname = 'public'
    order by cl.relname, co.conname`,
};

export type ExportPlan = { tables: ExportTable[]; unclassified: string[] };

/** the plan of one export: what to read and how, in name order; tables nobody classified are left out and named */
export const planExport = async (raw: RawSql): Promise<ExportPlan> => {
  const [tables, columns, fks] = await Promise.all([
    raw(catalogQueries.tables).then((r) => r.rows as TableRow[]),
    raw(catalogQueries.columns).then((r) => r.rows as ColumnRow[]),
    raw(catalogQueries.fks).then((r) => r.rows as FkRow[]),
  ]);
  const colsOf = new Map<string, ColumnRow[]>();
  for (const c of columns) colsOf.set(c.table_name, [...(colsOf.get(c.table_name) ?? []), c]);
  const tenantTables = new Set(tables.filter((t) => t.has_tenant).map((t) => t.name));
  const owners = new Map<string, Ownership>();
  for (const t of tables) {
    if (SKIPPED[t.name] || SKIPPED_TENANT[t.name]) continue;
    if (t.has_tenant) owners.set(t.name, { kind: 'tenant' });
    else if (t.name === 'tenants') owners.set(t.name, { kind: 'own-row' });
  }
  for (const t of tables) {
    if (owners.has(t.name) || SKIPPED[t.name] || SKIPPED_TENANT[t.name]) continue;
    const fk = fks.find((f) => f.child === t.name && tenantTables.has(f.parent));
    const link = LINKS_WITHOUT_FK[t.name];
    if (fk) {
      const cols = fk.cols.split(',');
      const pcols = fk.pcols.split(',');
      owners.set(t.name, {
        kind: 'child',
        parent: fk.parent,
        pairs: cols.map((column, i) => ({ column, parentColumn: pcols[i]! })),
      });
    } else if (link && tenantTables.has(link.parent)) {
      owners.set(t.name, { kind: 'child', parent: link.parent, pairs: [{ column: link.column, parentColumn: 'id' }] });
    }
  }
  const plan: ExportTable[] = [];
  for (const t of tables) {
    const owner = owners.get(t.name);
    if (!owner) continue;
    const cols = colsOf.get(t.name) ?? [];
    const key = cols
      .filter((c) => c.pk !== null && c.pk !== undefined)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map(({ name, type }) => ({ name, type }));
    plan.push({
      name: t.name,
      columns: cols.map(({ name, type }) => ({ name, type })),
      key: key.length ? key : [{ name: 'ctid', type: 'tid' }],
      owner,
    });
  }
  const unclassified = tables.map((t) => t.name).filter((n) => !owners.has(n) && !SKIPPED[n] && !SKIPPED_TENANT[n]);
  return { tables: plan, unclassified };
};
