import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LentDependent, Tx } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { buildings, houses } from '../../estate/index.ts';
import { bills } from '../schema.ts';

export const HOUSE_HAS_BILLS = '该房屋存在账单，不能删除';
const NAMED = 3;

/**
 * Houses with bills are not deleted (a bill keeps its house): one query over every house of the
 * delete (the engine has already scoped them to the caller); nothing is deleted when any has a bill.
 */
export const refuseHousesWithBills = async (q: Tx, ids: readonly number[]) => {
  if (!ids.length) return;
  const billed = await q
    .select({
      name: sql<string>`${buildings.name} || ${houses.unitName} || ${houses.name}`,
      n: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(houses)
    .innerJoin(buildings, eq(buildings.id, houses.buildingId))
    .where(
      and(
        inArray(houses.id, [...new Set(ids)]),
        sql`exists (select 1 from ${bills} where ${bills.houseId} = ${houses.id} and ${bills.tenantId} = ${houses.tenantId})`,
      ),
    )
    .orderBy(houses.id)
    .limit(NAMED);
  if (!billed.length) return;
  if (ids.length === 1) throw fail(HOUSE_HAS_BILLS);
  const total = billed[0]!.n;
  throw fail(
    `房屋${billed.map((b) => `“${b.name}”`).join('、')}${total > NAMED ? `等${total}套` : ''}存在账单，不能删除`,
  );
};

/** A house's bills keep it: lent to the estate's house screen (Module.dependents), which knows nothing of bills. */
export const billsKeepHouses: LentDependent = {
  of: houses,
  refuse: (q, rows) =>
    refuseHousesWithBills(
      q,
      rows.map((r) => Number(r.id)),
    ),
};
