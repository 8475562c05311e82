/**
 * What the estate figures mean and what to change in the app: written from the runs of 2026-11-22
 * (large and medium below), by reading the plans and a CPU profile; kept with the section because
 * the figures below are rewritten by every run and this text is not.
 */
export const FINDINGS = `### Findings and what was changed (2026-11-22; the figures are in the parts below)

Both parts below are runs of the current code; the first large run (before any of these changes) is quoted where it matters.

**1. GatePerson list on the 1,000,000-resident tenant.** The first large run (p99 5.2 s at 50 connections) sent 4 statements per
request (token → page rows ‖ exact \`count(*)\` → sensitive-view log insert); the exact count was a parallel scan of all 1.18M rows
(350 ms), and deep pages computed the \`house_name\` subquery for every skipped row and were JIT-compiled. Changed since, in the engine
rather than per screen (ADR 0002):
- **Count strategy** (\`core/engine/list-totals.ts\`): a probe counts at most 2,001 matching rows (exact below that); a bigger list's
  exact total and sums are cached per (table, filters) for 10 s, refreshed in the background, dropped on any write to the table.
- **Index** \`gate_persons (tenant_id, personnel_type, id)\`: tab lists read their rows in id order, counts are index-only. The same
  for the house list's order (\`houses (tenant_id, building_id, unit_name, floor, name, id)\`) and the bill lists
  (\`bills (tenant_id, status, due_date, id)\`, \`(tenant_id, status, paid_at, id)\`).
- **Deep pages**: page the ids first, then read and compute columns for the page's rows only (94 ms → ~1.5 ms at offset 9,990).
- **Round trips**: tokens resolved once per 5 s (logout drops them at once), the sensitive-view log written in batches
  (≤ 200 ms later, the time of the view kept), and the capped count rides on the page query as one more column (an
  InitPlan): a page view is **one statement**.
- **App CPU per request**: the select list and orders are rendered to SQL text once per resource (drizzle's builder cost
  ~90 µs a page), rows are read straight into one fixed-shape API object each, timestamps come formatted from the
  database. App / bare went from 41–72 % to 62–82 % (\`npm run bench:lists\`).
- What is left: at 50 connections on this shared 2-core machine (the load client, PostgreSQL and Node share the cores),
  p99 ≤ 50 ms needs ≳ 1,500 req/s from the app; the bare route (Fastify + the same statement, no app) reaches ~1,500 at
  page 1 with p99 ≈ 50 ms, the app ~1,000 (auth, permissions, scope, envelope, helmet headers). The kernel's socket
  writes (pg and HTTP) are about a third of the process's CPU in a profile, the same for both routes.
  \`jit = off\` is in docs/deployment.md.

**2. Import of 100,000 residents from one xlsx** — was ~23 s (xlsx parse 4.7 s with exceljs, per-row drizzle inserts ~12 s of JS).
Now ~3.3–3.8 s over HTTP at medium and large (goal ≤ 5 s met, against COPY FROM of the same rows ~2 s): an own xlsx reader
(\`core/engine/xlsx-read.ts\`, zip + XML scan, 0.35 s), rows checked and inserted in chunks of 5,000 in one transaction with the next
chunk checked while the previous inserts, \`bulkInsert\` (unnest) for resources with only a \`beforeSave\` hook, and a plain-JS fast
path in \`checkForm\`. The database insert (~2.3 s, half of it foreign-key checks) is now the floor.

**3. Building view of a 33 × 4 × 8 building (1,056 houses, 3,168 residents) — goal (≤ 100 ms) met:** p50 ≈ 11 ms, p99 ≈ 32 ms server time
at large; a fixed number of statements per call whatever the building's size; the two heavy ones take 4.4 and 1.1 ms (index scans on
\`houses_building_unit_name_uq\`, \`gate_persons_house_idx\`, \`gate_persons_building_idx\`).`;
