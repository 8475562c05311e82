/**
 * How the tables spread over several PostgreSQL nodes (Citus) once one node is not enough (docs/scaling.md): every
 * company table — a `tenant_id` that is never null — is distributed by `tenant_id` and co-located with the others, so
 * a company's rows sit on one node and its joins and transactions stay there. The tables below are the rest; the
 * catalog test (`distribution.test.ts`) fails when a table is added that is neither a company table nor named here,
 * or when a company table's primary key, a unique index or a reference to another company table leaves `tenant_id`
 * out.
 */

/** global tables, small and read everywhere: copied whole to every node */
export const referenceTables = [
  'menus',
  'operators',
  'platform_notices',
  'rollup_state',
  'services',
  'tenants',
  // an operator's renewal reminders and expiry changes: operator-level, a few rows a company a year
  'expiry_changes',
  'expiry_reminders',
  // the login's own state, keyed by a name, an address or a form id before anyone is known
  'login_captchas',
  'login_failures',
  'login_forms',
  'resident_login_codes',
] as const;

/**
 * The platform's, operators' and companies' rows in one table (`tenant_id` null for the platform's and operators'
 * own). Before distribution they take a never-null owner key (0 for the platform and operators), which Citus needs.
 */
export const ownerTables = [
  'audit_logs',
  'configs',
  'depts',
  'dict_data',
  'dicts',
  'posts',
  'roles',
  'sms_messages',
  'users',
] as const;

/**
 * Rows of a user or a role (an owner table) without an owner key of their own, reached through that parent: each
 * takes its parent's owner key with it before distribution (their writes set it from the parent row).
 */
export const childTables: Record<string, string> = {
  auth_tokens: 'users',
  notice_reads: 'users',
  role_menus: 'roles',
  role_resources: 'roles',
  user_roles: 'users',
};

/**
 * Files whose hand-written SQL reads or writes a company table without naming tenant_id, and how many such statements
 * each has (`tenant-filter.unit.test.ts` counts them): correlated subqueries and updates by id that lean on an earlier
 * check of the company. The list only shrinks; a new statement names tenant_id (a company row is `(id, tenant_id)`).
 */
export const statementsBeforeTheRule: Record<string, number> = {
  'modules/access/figures.ts': 1,
  'modules/community/advert/figures.ts': 1,
  'modules/community/vote/review.ts': 1,
  'modules/figures/daily.ts': 1,
  'modules/operator/clients/expiry-log.ts': 1,
  'modules/operator/home/analysis-income.ts': 4,
  'modules/operator/home/analysis.ts': 1,
  'modules/operator/home/home.ts': 1,
  'modules/parking/stats/device-counts.ts': 1,
  'modules/patrol/tasks/missed.ts': 1,
  'modules/video/figures.ts': 1,
};
