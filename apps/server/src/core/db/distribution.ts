/**
 * How the tables spread over several PostgreSQL nodes (Citus) once one node is not enough (docs/scaling.md): every
 * company table — a `tenant_id` that is never null — is distributed by `tenant_id` and co-located with the others, so
 * a company's rows sit on one node and its joins and transactions stay there. The tables below are the rest; the
 * catalog test (`distribution.test.ts`) fails when a table is added that is neither a company table nor named here,
 * or when a company table's keys leave `tenant_id` out.
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
 * Company rows without a `tenant_id` of their own yet, reached through their parent table: each takes its parent's
 * `tenant_id` before distribution (their writes set it from the parent row).
 */
export const childTables: Record<string, string> = {
  abnormal_reads: 'abnormal_alerts',
  auth_tokens: 'users',
  notice_reads: 'users',
  patrol_route_points: 'patrol_routes',
  role_menus: 'roles',
  role_resources: 'roles',
  user_roles: 'users',
};

/**
 * Company tables made before the rule, whose primary key is `id` alone: the migration to `(id, tenant_id)` — id
 * first, so a lookup by id alone still uses the key — with their foreign keys and unique indexes made composite,
 * is the step before distribution. Every table added since keeps the rule from its first migration.
 */
export const keysBeforeTheRule = [
  'abnormal_alerts',
  'access_device_faces',
  'access_devices',
  'access_face_consents',
  'access_face_syncs',
  'access_person_passes',
  'access_records',
  'access_village_settings',
  'advert_bookings',
  'advert_slots',
  'balance_ledger',
  'bills',
  'buildings',
  'community_categories',
  'community_post_comments',
  'community_post_likes',
  'community_posts',
  'community_sensitive_words',
  'fee_items',
  'gate_events',
  'gate_persons',
  'h5_village_modules',
  'houses',
  'meter_readings',
  'monthly_cards',
  'paid_services',
  'parking_associations',
  'parking_charges',
  'parking_gates',
  'parking_lots',
  'parking_packages',
  'parking_spaces',
  'parking_temp_orders',
  'patrol_checkins',
  'patrol_points',
  'patrol_routes',
  'patrol_tasks',
  'pay_orders',
  'payments',
  'prevention_control_history',
  'prevention_controls',
  'questionnaire_answers',
  'questionnaire_options',
  'questionnaire_questions',
  'questionnaires',
  'receipt_prints',
  'receipts',
  'refund_due',
  'repair_categories',
  'repair_orders',
  'repair_timeline',
  'report_things',
  'resident_action_links',
  'resident_sessions',
  'sensitive_views',
  'service_orders',
  'tenant_services',
  'vehicles',
  'video_cameras',
  'video_shares',
  'village_daily_figures',
  'villages',
  'visitor_qrcodes',
  'visitors',
  'vote_ballots',
  'vote_options',
  'vote_proxies',
  'vote_roll',
  'votes',
  'workers',
] as const;
