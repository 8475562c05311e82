import { sql, type SQL } from 'drizzle-orm';

/**
 * A device calls every minute or so (its heartbeat, or any event); after this many minutes without a call it is
 * 离线. Decided when read, from the last call's time: no timer flips a flag, and every reader agrees.
 */
export const OFFLINE_AFTER_MINUTES = 5;

/** 1 在线 / 2 离线 from a last-call column */
export const ONLINE_SQL = (lastCall: SQL): SQL =>
  sql`(case when ${lastCall} >= now() - make_interval(mins => ${sql.raw(String(OFFLINE_AFTER_MINUTES))}) then 1 else 2 end)`;
