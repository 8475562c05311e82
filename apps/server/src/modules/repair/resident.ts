import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import { repairOrders, repairTimeline } from './schema.ts';
import { S } from './status.ts';

/** 报修来源 住户: the resident reported it himself on his phone */
const SOURCE_RESIDENT = 2;

export type ResidentRepair = {
  tenantId: number;
  villageId: number;
  houseId: number;
  personName: string;
  tel: string;
  address: string;
  problem: string;
  imgs: readonly string[];
};

/**
 * A work order the resident reported on his phone: 待受理 in his village's repair flow like one taken by phone, his
 * house and contact on it, and its timeline's first step saying who reported it.
 */
export const residentRepairOrder = (db: Db, r: ResidentRepair) =>
  db.transaction(async (tx) => {
    const [o] = await tx
      .insert(repairOrders)
      .values({
        tenantId: r.tenantId,
        villageId: r.villageId,
        houseId: r.houseId,
        personName: r.personName,
        tel: r.tel,
        address: r.address,
        problem: r.problem,
        imgs: r.imgs.join(','),
        source: SOURCE_RESIDENT,
        status: S.reported,
      })
      .returning({ id: repairOrders.id });
    await tx.insert(repairTimeline).values({
      tenantId: r.tenantId,
      orderId: o!.id,
      userName: r.personName,
      action: '住户报修',
      toStatus: S.reported,
      note: '住户通过手机端提交',
    });
    touchTable(repairOrders);
    return { id: o!.id };
  });
