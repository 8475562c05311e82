/**
 * What the estate figures mean and what to change in the app: written from the runs of 2026-11-22
 * (large and medium below), by reading the plans and a CPU profile; kept with the section because
 * the figures below are rewritten by every run and this text is not.
 */
export const FINDINGS = `### Findings (runs of 2026-11-22; the figures are in the parts below)

**1. GatePerson list on the 1,000,000-resident tenant — p99 goal (≤ 50 ms at 50 connections) missed by ~100×.** Each request sends 4 statements
(token lookup → page rows ‖ \`count(*)\` → sensitive-view log insert). The page itself is cheap (0.1 ms: the primary key walked backwards,
a few rows filtered out), but the exact total is
\`select count(*) from gate_persons where tenant_id = 1 and personnel_type = 1\` — a **parallel seq scan of all 1.18M rows, 350 ms** per
request; at 50 connections on 2 cores the database does ~14 of them a second, so requests queue (p50 3 s). The bare route with the same SQL
is no faster: this is the database, not the app. The deep page (\`offset 9990\`) also evaluates the \`house_name\` subquery for all 10,000
skipped rows (94 ms) and its cost estimate (≈169,000) passes \`jit_above_cost\`, so PostgreSQL JIT-compiles it on every call (16–128 ms).
Proposed, in order of effect:
- **Don't count 340,000 rows per page view.** Either cache the exact total per (tenant, tab, search filters) for ~60 s in the engine's \`list\`
  (no contract change; one count per minute per filter), or cap it — \`select count(*) from (select 1 from … limit 10001) s\` (4.5 ms with the
  index below) and, when capped, answer the planner's estimate or \`10000+\`. With the index, the exact count is still 106 ms (parallel
  index-only scan of 340,000 entries): not enough alone (what-if: 37 req/s, p99 2.1 s).
- **Index** \`create index gate_persons_tenant_type_idx on gate_persons (tenant_id, personnel_type, id)\` (a drizzle \`index(...).on(t.tenantId,
  t.personnelType, t.id)\` in modules/estate/schema.ts + \`npm run db:generate\`): tab lists of any tenant read exactly their rows in id order, and
  counts become index-only. Built in under a second at 1.18M rows.
- **Deep pages: page the ids, then read the rows** (deferred join) in the engine's \`list\`:
  \`… where id in (select id from gate_persons where <scope, tab, search> order by id desc limit 10 offset 9990) order by id desc\` —
  computed columns then run for 10 rows: 94 → 4.2 ms without the index, 1.5 ms with it, and no JIT. Independently, \`jit = off\` for the app's
  database (\`alter database … set jit = off\`, a line in docs/deployment.md) is the usual OLTP setting.
- After these the page costs ~2–5 ms of SQL and the app's own work per request decides the tail: on the small dataset (trivial SQL) the app
  route does ~350–490 req/s on this shared 2-core machine, i.e. p99 ≈ 160–270 ms at 50 connections (latency ≈ connections ÷ throughput).
  A CPU profile of that run: 37 % in \`writev\` (one socket write per statement and per response on this VM), 16 % drizzle query building,
  8 % GC. Fewer round trips per request would help most: cache \`resolveToken\` for a few seconds (DESIGN §9 says sessions are cached; today it
  is one query per request) and take the \`sensitive_views\` insert off the response path (batch it). p99 ≤ 50 ms at 50 concurrent
  connections needs ≳ 1,000 req/s: more cores, or these changes, or both.

**2. Import of 100,000 residents from one xlsx — goal (≤ 5 s) missed.** (a) The engine refuses it: \`MAX_IMPORT_ROWS = 50_000\`
(core/engine/import.ts) — answered in ~3 s, "一次最多导入50000行". (b) With the cap lifted (the engine's \`importRows\` in-process): ~23 s =
xlsx parse 4.7 s (exceljs streaming reader) + ~12 s of JS + ~6 s in the database. The JS time (CPU profile of the same import) is mostly the
per-row insert path: GatePerson has a \`beforeSave\` hook, so the import goes through \`svc.insertRows\` — drizzle's builder,
\`insert … values (500 rows) returning id\` × 200 — where drizzle's \`is()\`/\`sql\` building alone took ~7 s plus GC; and the new
\`resolveImport\` hook filters with \`!withHouse.includes(r)\` inside \`rows.filter\` (resource-person.ts), O(n²): ~5·10⁹ comparisons, ~1.5 s at
100,000 rows (6 s at 200,000). Proposed: raise \`MAX_IMPORT_ROWS\` to 100,000 (a 100k-row file is 9.5 MB, under the 20 MB upload cap); when a
resource has \`beforeSave\` but no \`afterSave\`, run the hook per row (no SQL for residents: \`resolveImport\` found the houses) and insert with
\`bulkInsert\` (unnest, 5,000 a statement) — the engine's bulkInsert of 100,000 such rows took 2.85 s; use a \`Set\` of the rows with a house
(or one pass) in \`resolveImport\`. That leaves parse + validation + insert ≈ 4.7 + ~2 + ~3 s: ≤ 5 s on this machine would also need a faster
xlsx read (e.g. parsing in a worker thread while rows are validated, or a leaner SAX pass over the sheet XML).

**3. Building view of a 33 × 4 × 8 building (1,056 houses, 3,168 residents) — goal (≤ 100 ms) met:** p50 ≈ 11 ms, p99 ≈ 32 ms server time
at large; 6 statements per call whatever the building's size (token; building; then houses-with-counts ‖ counts-by-type ‖ two dictionaries
side by side); the two heavy ones take 4.4 and 1.1 ms (index scans on \`houses_building_unit_name_uq\`, \`gate_persons_house_idx\`,
\`gate_persons_building_idx\`).`;
