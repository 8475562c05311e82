import { sql } from 'drizzle-orm';
import { intArray } from '../../../core/db/sql.ts';
import type { Db } from '../../../core/db/client.ts';
import type { Caller } from '../../../core/engine/scope.ts';
import type { FinancialSubject, FinancialSubjects } from '../../fees/index.ts';
import { villages } from '../../tenancy/index.ts';
import { parkingAssociations, parkingCharges } from '../schema-assoc.ts';
import { parkingSpaces, vehicles } from '../schema.ts';

const villageScope = (caller: Caller) =>
  caller.villageIds === null ? sql`true` : sql`c.village_id = any(${intArray(caller.villageIds)})`;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * The financial statement's cars and parking spaces: those the caller's villages have bills for (a space's
 * renewals, a car's monthly cards), so the selector lists what narrows the statement, not every space.
 */
const list = async (db: Db, caller: Caller): Promise<FinancialSubject[]> => {
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select * from (
        select distinct 'space:' || s.id as id, '车位 ' || s.space_no || '（' || v.name || '）' as name, 1 as k, s.id as n
        from ${parkingCharges} c
        join ${parkingAssociations} a on a.id = c.association_id
        join ${parkingSpaces} s on s.id = a.space_id
        join ${villages} v on v.id = s.village_id
        where c.tenant_id = ${caller.actor.tenantId!} and ${villageScope(caller)}
        union
        select distinct 'car:' || h.id, '车辆 ' || h.plate || '（' || v.name || '）', 2, h.id
        from ${parkingCharges} c
        join ${vehicles} h on h.id = c.vehicle_id
        join ${villages} v on v.id = h.village_id
        where c.tenant_id = ${caller.actor.tenantId!} and ${villageScope(caller)}
      ) x order by k, n`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name }));
};

const billsOf = (id: string, tenantId: number) => {
  const m = /^(space|car):([1-9]\d{0,9})$/.exec(id);
  const n = m ? Number(m[2]) : NaN;
  if (!m || n > 2147483647) return null;
  return m[1] === 'space'
    ? sql`select c.bill_id from ${parkingCharges} c join ${parkingAssociations} a on a.id = c.association_id and a.tenant_id = c.tenant_id
        where a.space_id = ${n} and a.tenant_id = ${tenantId}`
    : sql`select c.bill_id from ${parkingCharges} c where c.vehicle_id = ${n} and c.tenant_id = ${tenantId}`;
};

export const financialSubjects: FinancialSubjects = { list, billsOf };
