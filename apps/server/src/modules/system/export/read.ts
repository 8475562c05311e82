import type { RawSql } from '../../../core/db/raw.ts';
import { isSecretColumn } from '../../../core/secret-columns.ts';
import { isSecretKey, SECRET_PREFIX } from '../config-secret.ts';
import type { ExportColumn, ExportTable } from './catalog.ts';

/** rows per keyset batch: one statement's worth, never a whole table in memory */
export const BATCH = 1000;

/** the cells of one row as the CSV gets them: secrets blanked, an encrypted setting blanked whatever its column */
export const cleanRow = (table: string, columns: readonly ExportColumn[], cells: (string | null)[]) => {
  const keyAt = table === 'configs' ? columns.findIndex((c) => c.name === 'config_key') : -1;
  const secretSetting = keyAt >= 0 && isSecretKey(cells[keyAt]);
  return cells.map((v, i) => {
    const c = columns[i]!;
    if (v === null) return null;
    if (isSecretColumn(c) || v.startsWith(SECRET_PREFIX)) return '';
    if (secretSetting && c.name === 'config_value') return '';
    return v;
  });
};

const ident = (n: string) => `"${n.replace(/"/g, '""')}"`;

/** a column as text: times as the app writes them (Asia/Shanghai), everything else in PostgreSQL's own text form */
const cellOf = (c: ExportColumn, i: number) =>
  c.type === 'timestamp with time zone'
    ? `to_char(t.${ident(c.name)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as c${i}`
    : `t.${ident(c.name)}::text as c${i}`;

const keyCol = (c: ExportColumn) => (c.name === 'ctid' && c.type === 'tid' ? 't.ctid' : `t.${ident(c.name)}`);

/** the company's rows of the table: by its tenant_id, its own row, or through the parent its foreign key names */
const ownerWhere = (t: ExportTable) => {
  if (t.owner.kind === 'tenant') return 't.tenant_id = $1';
  if (t.owner.kind === 'own-row') return 't.id = $1';
  const on = t.owner.pairs.map((p) => `p.${ident(p.parentColumn)} = t.${ident(p.column)}`).join(' and ');
  return `exists (select 1 from public.${ident(t.owner.parent)} p where ${on} and p.tenant_id = $1)`;
};

/** one keyset batch's statement: $1 the company, then the last key's values (none for the first batch) */
export const batchSql = (t: ExportTable, after: boolean, batch = BATCH) => {
  const keys = t.key.map(keyCol);
  const cond = after ? ` and (${keys.join(', ')}) > (${t.key.map((k, i) => `$${i + 2}::${k.type}`).join(', ')})` : '';
  return (
    `select ${t.columns.map(cellOf).join(', ')}, ${keys.map((k, i) => `${k}::text as k${i}`).join(', ')}` +
    ` from public.${ident(t.name)} t where ${ownerWhere(t)}${cond} order by ${keys.join(', ')} limit ${batch}`
  );
};

/** the company's rows of a table, a batch at a time, each row its cells as text (null for SQL null), secrets blanked */
export async function* tableRows(raw: RawSql, t: ExportTable, tenantId: number, signal?: AbortSignal, batch = BATCH) {
  let last: unknown[] | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const { rows } = await raw(batchSql(t, last !== null, batch), [tenantId, ...(last ?? [])]);
    for (const r of rows) {
      yield cleanRow(
        t.name,
        t.columns,
        t.columns.map((_, i) => (r[`c${i}`] ?? null) as string | null),
      );
    }
    if (rows.length < batch) return;
    const tail = rows[rows.length - 1]!;
    last = t.key.map((_, i) => tail[`k${i}`]);
  }
}
