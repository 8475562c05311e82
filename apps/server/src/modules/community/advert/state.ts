import { sql, type SQL } from 'drizzle-orm';
import { ADVERT_EXPIRING_DAYS } from '@5a/contracts/endpoints/community-advert';

/** today in Asia/Shanghai, as the bookings' dates count */
export const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;

/** the end of the booking that holds a slot today (null: free); `slotId`, `tenantId` are the slot's columns */
export const currentEnd = (slotId: SQL, tenantId: SQL) =>
  sql`(select max(b.end_date) from advert_bookings b where b.slot_id = ${slotId} and b.tenant_id = ${tenantId} and b.start_date <= ${TODAY} and b.end_date >= ${TODAY})`;

/** 1 占用中, 2 即将到期 (the booking ends within ADVERT_EXPIRING_DAYS), 3 空闲 of an end as currentEnd gives it */
export const stateOfEnd = (end: SQL) =>
  sql`(case when ${end} is null then 3 when ${end} - ${TODAY} <= ${ADVERT_EXPIRING_DAYS} then 2 else 1 end)::int`;
