import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, rowsOf, type TestDb } from '../../test/harness.ts';
import { childTables, ownerTables, referenceTables } from './distribution.ts';

/**
 * The catalog against the distribution plan: a table that is neither a company table nor declared, or a company
 * table whose keys leave tenant_id out, fails here — on the migrated schema itself, not on the declarations.
 */
let tdb: TestDb;
type Table = { name: string; tenant: 'none' | 'nullable' | 'required' };
type Key = { table: string; name: string; primary: boolean; columns: string[] };
type Fk = { table: string; name: string; target: string; columns: string[]; sameTenant: boolean };
let tables: Table[];
let keys: Key[];
let fks: Fk[];

beforeAll(async () => {
  tdb = await openTestDb();
  const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await tdb.db.execute(s));
  // base tables of the app's schema; a partition is its parent's (audit_logs' months)
  tables = await q<Table>(sql`select c.relname as name,
      case when a.attname is null then 'none' when a.attnotnull then 'required' else 'nullable' end as tenant
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname not like '\\_\\_%'`);
  keys = await q<Key>(sql`select c.relname as table, ic.relname as name, i.indisprimary as primary,
      array(select a.attname::text from unnest(i.indkey) k join pg_attribute a on a.attrelid = c.oid and a.attnum = k) as columns
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique and not c.relispartition`);
  fks = await q<Fk>(sql`select c.relname as table, k.conname as name, t.relname as target,
      array(select a.attname::text from unnest(k.conkey) x join pg_attribute a on a.attrelid = c.oid and a.attnum = x) as columns,
      exists (select 1 from unnest(k.conkey, k.confkey) u(mine, theirs)
        join pg_attribute x on x.attrelid = k.conrelid and x.attnum = u.mine
        join pg_attribute y on y.attrelid = k.confrelid and y.attnum = u.theirs
        where x.attname = 'tenant_id' and y.attname = 'tenant_id') as "sameTenant"
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class t on t.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace where k.contype = 'f' and n.nspname = 'public'`);
});
afterAll(() => tdb.close());

const company = () => new Set(tables.filter((t) => t.tenant === 'required').map((t) => t.name));
const declared = () => new Set<string>([...referenceTables, ...ownerTables, ...Object.keys(childTables)]);

describe('distribution by company', () => {
  it('every table is a company table (tenant_id never null) or declared as reference, owner or child table', () => {
    expect(tables.length).toBeGreaterThan(90);
    const stray = tables.filter((t) => t.tenant !== 'required' && !declared().has(t.name)).map((t) => t.name);
    expect(stray, 'give these tables a never-null tenant_id, or declare them in core/db/distribution.ts').toEqual([]);
    // a declaration that no longer matches the catalog is stale
    const byName = new Map(tables.map((t) => [t.name, t]));
    const stale = [...declared()].filter((n) => !byName.has(n) || byName.get(n)!.tenant === 'required');
    expect(stale, 'declared but gone, or a company table now').toEqual([]);
    expect(ownerTables.filter((n) => byName.get(n)?.tenant !== 'nullable')).toEqual([]);
    expect(Object.keys(childTables).filter((n) => byName.get(n)?.tenant !== 'none')).toEqual([]);
    // a child's parent holds the company
    expect(Object.values(childTables).filter((p) => !company().has(p) && !ownerTables.includes(p as never))).toEqual(
      [],
    );
  });

  it("a company table's primary key, unique indexes and foreign keys to company tables include tenant_id", () => {
    const keyless = keys.filter((k) => company().has(k.table) && !k.columns.includes('tenant_id')).map((k) => k.name);
    expect(keyless, 'make these keys (id, tenant_id) / (…, tenant_id)').toEqual([]);
    const loose = fks
      .filter((f) => company().has(f.table) && company().has(f.target) && !f.columns.includes('tenant_id'))
      .map((f) => f.name);
    expect(loose, 'a reference between company tables carries tenant_id on both sides').toEqual([]);
    // tenant_id is the same column on both sides: the referenced row is of the same company
    const crossing = fks.filter((f) => company().has(f.table) && company().has(f.target) && !f.sameTenant);
    expect(crossing.map((f) => f.name)).toEqual([]);
  });

  it('refuses a row that points at another company’s row, and a cleared reference keeps its company', async () => {
    const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await tdb.db.execute(s));
    const [a, b] = await q<{ id: number; tenant_id: number }>(
      sql`select distinct on (tenant_id) id, tenant_id from villages order by tenant_id, id limit 2`,
    );
    expect(b, 'the demo has two companies').toBeDefined();
    const err = await tdb.db
      .execute(sql`insert into buildings (tenant_id, village_id, name) values (${b!.tenant_id}, ${a!.id}, '越界楼')`)
      .then(
        () => null,
        (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code,
      );
    expect(err, 'foreign key violation').toBe('23503');
    // a vehicle's owner removed: the vehicle stays with its company, the owner column alone is cleared
    const [v] = await q<{ id: number; person_id: number; tenant_id: number }>(
      sql`select id, person_id, tenant_id from vehicles where person_id is not null order by id limit 1`,
    );
    await tdb.db.execute(sql`delete from parking_associations where person_id = ${v!.person_id}`);
    await tdb.db.execute(sql`delete from prevention_controls where person_id = ${v!.person_id}`);
    await tdb.db.execute(sql`delete from gate_persons where id = ${v!.person_id}`);
    const [after] = await q<{ person_id: number | null; tenant_id: number }>(
      sql`select person_id, tenant_id from vehicles where id = ${v!.id}`,
    );
    expect(after).toEqual({ person_id: null, tenant_id: v!.tenant_id });
  });
});
