import { sql } from 'drizzle-orm';
import { ADVERT_EXPIRING_DAYS } from '@5a/contracts/endpoints/community-advert';
import type { AdvertFigures, AdvertFiguresSource } from '../../operator/index.ts';
import { rowsOf } from '../input.ts';
import { currentEnd, TODAY } from './state.ts';

type FigureRow = {
  slots: number;
  occupied: number;
  expiring: number;
  free: number;
  tenants: number;
  expiring_tenants: number;
  income: string | number;
};

/**
 * Ad slots of some villages in one statement: 占用中 (let beyond 30 days), 即将到期, 空闲, the companies with
 * a let slot or one ending soon, and what the bookings paid within a period brought in. The operator's cockpit and one-map read these (lent through the registry).
 */
export const advertFigures: AdvertFiguresSource = async (db, villageIds, paid): Promise<AdvertFigures> => {
  const soon = sql`s.e - ${TODAY} <= ${ADVERT_EXPIRING_DAYS}`;
  const [r] = await rowsOf<FigureRow>(
    db,
    sql`with s as (select sl.tenant_id, ${currentEnd(sql`sl.id`, sql`sl.tenant_id`)} as e from advert_slots sl where sl.village_id in ${villageIds})
      select count(*)::int as slots,
        count(*) filter (where s.e is not null and not (${soon}))::int as occupied,
        count(*) filter (where ${soon})::int as expiring,
        count(*) filter (where s.e is null)::int as free,
        count(distinct s.tenant_id) filter (where s.e is not null)::int as tenants,
        count(distinct s.tenant_id) filter (where ${soon})::int as expiring_tenants,
        ${
          paid
            ? sql`(select coalesce(sum(b.amount), 0) from advert_bookings b where b.village_id in ${villageIds}
                and b.paid_at >= ${paid.from} and b.paid_at < ${paid.to})`
            : sql`0`
        }::bigint as income
      from s`,
  );
  return {
    slots: r?.slots ?? 0,
    occupied: r?.occupied ?? 0,
    expiring: r?.expiring ?? 0,
    free: r?.free ?? 0,
    tenants: r?.tenants ?? 0,
    expiringTenants: r?.expiring_tenants ?? 0,
    incomeFen: Number(r?.income ?? 0),
    bills: sql`select bill_id from advert_bookings where bill_id is not null`,
  };
};
