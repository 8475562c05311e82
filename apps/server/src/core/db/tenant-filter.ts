/**
 * Which hand-written statements read or write a company table without naming `tenant_id`. Once distributed by
 * company, such a statement cannot be routed to the one node that holds the company and runs on every node; on one
 * node it leans on an earlier check of the company alone. The engine's own statements always filter by tenant_id.
 */
import ts from 'typescript';

export type SqlFinding = { file: string; statement: string };

const TABLE_NAME = /\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi;
const TABLE_VAR = /\$\{(\w+)\}/g;
const STATEMENT = /\b(select|update|delete|insert)\b/i;

/**
 * Scope helpers whose SQL always names `tenant_id` (each one is rendered by tenant-filter.unit.test.ts to prove it):
 * a statement that calls one inside its template, `${patrolScope(scope, 't')}`, filters by company.
 */
export const tenantScopeHelpers = ['companyVillages', 'patrolScope', 'repairScope'] as const;
const HELPER_CALL = new RegExp(`\\$\\{(?:${tenantScopeHelpers.join('|')})\\(`);

/**
 * The text of every outermost sql`…` template of a file, nested templates included (parsed, not matched, so a
 * template inside a template does not cut the statement short).
 */
const sqlTemplates = (source: string): string[] => {
  const file = ts.createSourceFile('scan.ts', source, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (n: ts.Node, inside: boolean) => {
    const isSql = ts.isTaggedTemplateExpression(n) && n.tag.getText(file) === 'sql';
    if (isSql && !inside) out.push(n.template.getText(file).slice(1, -1));
    ts.forEachChild(n, (c) => visit(c, inside || isSql));
  };
  visit(file, false);
  return out;
};

/** `export const x = pgTable('name', { … tenantId: integer('tenant_id').notNull() … })` → x: name */
export const companyTablesIn = (schemaSource: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const m of schemaSource.matchAll(/export const (\w+) = pgTable\(\s*'([a-z0-9_]+)',\s*\{([\s\S]*?)\n\s*\}/g))
    if (/tenantId: integer\('tenant_id'\)\s*\.notNull\(\)/.test(m[3]!)) out.set(m[1]!, m[2]!);
  return out;
};

/** the sql`` templates of one file that touch a company table and never say tenant_id */
export const unfilteredStatements = (file: string, source: string, tables: Map<string, string>): SqlFinding[] => {
  const names = new Set(tables.values());
  const found: SqlFinding[] = [];
  for (const text of sqlTemplates(source)) {
    if (!STATEMENT.test(text) || /tenant_id|tenantId/.test(text) || HELPER_CALL.test(text)) continue;
    const byVar = [...text.matchAll(TABLE_VAR)].some((v) => tables.has(v[1]!));
    const byName = [...text.matchAll(TABLE_NAME)].some((v) => names.has(v[1]!));
    if (byVar || byName) found.push({ file, statement: text.replace(/\s+/g, ' ').trim().slice(0, 160) });
  }
  return found;
};
