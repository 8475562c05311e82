import { sql, type SQL } from 'drizzle-orm';

/**
 * What the epidemic screen counts, in one place. Over `prevention_controls c` (one row per controlled resident):
 *
 * - 未处理 untreated: residents carrying the prevention tag (person_tag '1') without a control row yet;
 * - 管控中 controlled: ACTIVE controls, i.e. not released and a pass status above normal (home isolation or barred);
 * - 已解除 released: controls whose isolation ended (released_at stamped, by staff or by the end date passing);
 * - 隔离 gelitotal: not released, pass status 2 (home isolation);
 * - 确诊 quezhengtotal: not released, health code 3 (red);
 * - 即将到期 jiangdaoqitotal: ACTIVE controls whose end date falls today or within the next three days;
 * - 解除 jichutotal: released (as 已解除).
 *
 * A village is 高风险 with any not-released red code, else 中风险 with any not-released yellow one.
 *
 * The period charts count changes from `prevention_control_history h`, each row compared with the person's row
 * before it (`prev_pass`, `prev_code`): a new isolation (geli) enters pass status 2, a new red code (quezheng) enters
 * health code 3, a release (jichu) returns from a pass status above normal to normal.
 *
 * Passages (`access_records r`) are abnormal (yichang) when they raised a passage alert (`abnormal_alerts`, source
 * 'access_record'), else normal (zhengchang); a healthy match is a recognised resident's normal passage while he
 * has no not-released yellow or red code.
 */
export const PREVENTION_TAG = '1';
/** an isolation ending within this many days is 即将到期 */
export const ENDING_SOON_DAYS = 3;

export const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;
export const TODAY_START = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

const active = sql`c.released_at is null and c.pass_status > 1`;

/** 未处理 over `gate_persons p` */
export const untreatedWhere: SQL = sql`${PREVENTION_TAG} = any(string_to_array(p.tags, ','))
  and not exists (select 1 from prevention_controls c0 where c0.person_id = p.id and c0.tenant_id = p.tenant_id)`;

/** the control counters as aggregates over `prevention_controls c` */
export const controlAggregates: SQL = sql`
  count(*) filter (where ${active})::int as controlled,
  count(*) filter (where c.released_at is not null)::int as released,
  count(*) filter (where c.released_at is null and c.pass_status = 2)::int as geli,
  count(*) filter (where c.released_at is null and c.health_code = 3)::int as quezheng,
  count(*) filter (where ${active} and c.end_time between ${TODAY} and ${TODAY} + ${ENDING_SOON_DAYS}::int)::int
    as ending`;

/** red and yellow codes not released, per village, over `prevention_controls c` */
export const riskAggregates: SQL = sql`
  count(*) filter (where c.released_at is null and c.health_code = 3)::int as red,
  count(*) filter (where c.released_at is null and c.health_code = 2)::int as yellow`;

export const riskOf = (red: number, yellow: number): 0 | 1 | 2 => (red > 0 ? 2 : yellow > 0 ? 1 : 0);

/** a passage `r` raised a passage alert (unique (source, source_id): an index lookup) */
export const alerted = (r: SQL): SQL =>
  sql`exists (select 1 from abnormal_alerts a where a.source = 'access_record' and a.source_id = (${r}.id)::text and a.tenant_id = ${r}.tenant_id)`;

/** the passage's resident has a yellow or red code not released */
export const unhealthy = (r: SQL): SQL =>
  sql`exists (select 1 from prevention_controls c1
    where c1.person_id = ${r}.person_id and c1.tenant_id = ${r}.tenant_id and c1.released_at is null and c1.health_code > 1)`;

/** one company's history rows with the person's row before them, for the change counts */
export const historyChanges = (tenantId: number, where: SQL): SQL => sql`
  select h.village_id, h.created_at, h.pass_status, h.health_code,
    lag(h.pass_status) over (partition by h.person_id order by h.id) as prev_pass,
    lag(h.health_code) over (partition by h.person_id order by h.id) as prev_code
  from prevention_control_history h where h.tenant_id = ${tenantId} and ${where}`;

/** the change counts as aggregates over historyChanges rows `x` */
export const changeAggregates: SQL = sql`
  count(*) filter (where x.pass_status = 2 and coalesce(x.prev_pass, 1) <> 2)::int as geli,
  count(*) filter (where x.health_code = 3 and coalesce(x.prev_code, 1) <> 3)::int as quezheng,
  count(*) filter (where x.pass_status = 1 and coalesce(x.prev_pass, 1) > 1)::int as jichu`;
