import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { formatDate } from '../core/time.ts';
import { gatePersons } from '../modules/estate/schema.ts';
import { parkingGates, parkingLots, parkingSpaces, vehicles } from '../modules/parking/schema.ts';
import { parkingAssociations } from '../modules/parking/schema-assoc.ts';
import { parkingPackages } from '../modules/parking/schema-gate.ts';
import { CHARGE_RENEWAL, insertCharge } from '../modules/parking/associations/charges.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ParkingSeedIds = { tenantA: number; villagesA: [number, number] };

/** Ordinary and new-energy plates of the demo residents' cars. */
const PLATES = [
  '浙A12345',
  '浙A6K8M2',
  '浙AD36921',
  '浙A88Q17',
  '浙B20C55',
  '浙A51937',
  '浙AFH7246',
  '浙A3X9T0',
  '浙A70612',
  '浙A12345D',
  '浙C9L2P8',
  '浙A44820',
];
const COLOURS = ['白色', '黑色', '银色', '蓝色', '红色', '灰色'];

/**
 * Company A's car parks: one for 阳光花园 and one for 翠湖名苑, each with an entry and an exit lane, 60 numbered
 * spaces (the first 20 sold, the rest let) and, for twelve residents, their cars.
 */
export const seedParking = async (tx: Tx, ids: ParkingSeedIds) => {
  const [sunshine, jade] = ids.villagesA;
  const lots = await tx
    .insert(parkingLots)
    .values([
      {
        tenantId: ids.tenantA,
        villageId: sunshine,
        name: '阳光花园地下车库',
        code: 'YG-P1',
        capacity: 60,
        lonlat: '120.1298,30.2786',
        address: '1幢负一层',
        freeMinutes: 15,
        hourPrice: 300,
        dayCap: 3000,
      },
      {
        tenantId: ids.tenantA,
        villageId: jade,
        name: '翠湖名苑停车场',
        code: 'CH-P1',
        capacity: 60,
        lonlat: '120.1166,30.2898',
        address: '2幢东侧',
        freeMinutes: 30,
        hourPrice: 200,
        dayCap: 2000,
      },
    ])
    .returning({ id: parkingLots.id, villageId: parkingLots.villageId, code: parkingLots.code });
  await tx.insert(parkingGates).values(
    lots.flatMap((l) =>
      ([1, 2] as const).map((direction) => ({
        tenantId: ids.tenantA,
        villageId: l.villageId,
        lotId: l.id,
        name: direction === 1 ? '入口车道' : '出口车道',
        parkcode: `${l.code}-${direction === 1 ? 'IN' : 'OUT'}`,
        direction,
        personName: '门岗值班',
        phone: '13800000000',
        secret: randomBytes(32).toString('hex'),
      })),
    ),
  );
  for (const l of lots)
    await tx.execute(sql`insert into ${parkingSpaces} (tenant_id, village_id, lot_id, space_no, type, monthly_fee)
      select ${ids.tenantA}, ${l.villageId}, ${l.id}, 'A-' || lpad(g::text, 3, '0'),
        case when g <= 20 then 1 else 2 end, case when g <= 20 then 0 else 30000 end
      from generate_series(1, 60) g`);
  const people = await tx
    .select({ id: gatePersons.id, villageId: gatePersons.villageId })
    .from(gatePersons)
    .where(sql`${gatePersons.tenantId} = ${ids.tenantA}`)
    .orderBy(gatePersons.id)
    .limit(PLATES.length);
  if (people.length)
    await tx.insert(vehicles).values(
      people.map((p, i) => ({
        tenantId: ids.tenantA,
        villageId: p.villageId,
        plate: PLATES[i]!,
        colour: COLOURS[i % COLOURS.length]!,
        carType: PLATES[i]!.length === 8 ? 3 : 1,
        personId: p.id,
      })),
    );
  await seedAssociations(tx, ids, lots);
};

const shiftDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * Two space associations in each car park: a sold space held long-term, and a let one (¥300 a month) whose year
 * ends in ten days, with a three-month renewal bill waiting in 欠费催缴.
 */
const seedAssociations = async (tx: Tx, ids: ParkingSeedIds, lots: { id: number; villageId: number }[]) => {
  const today = formatDate(new Date());
  for (const lot of lots) {
    const [holder, renter] = await tx
      .select({ id: gatePersons.id })
      .from(gatePersons)
      .where(sql`${gatePersons.villageId} = ${lot.villageId}`)
      .orderBy(gatePersons.id)
      .limit(2);
    if (!holder || !renter) continue;
    const spaces = await tx
      .select({ id: parkingSpaces.id, no: parkingSpaces.spaceNo })
      .from(parkingSpaces)
      .where(sql`${parkingSpaces.lotId} = ${lot.id} and ${parkingSpaces.spaceNo} in ('A-001', 'A-021')`)
      .orderBy(parkingSpaces.spaceNo);
    const [sold, let_] = spaces;
    if (!sold || !let_) continue;
    const end = shiftDays(today, 10);
    const [, short] = await tx
      .insert(parkingAssociations)
      .values([
        {
          tenantId: ids.tenantA,
          villageId: lot.villageId,
          spaceId: sold.id,
          personId: holder.id,
          type: 1,
          isLongTime: true,
          startDate: shiftDays(today, -400),
        },
        {
          tenantId: ids.tenantA,
          villageId: lot.villageId,
          spaceId: let_.id,
          personId: renter.id,
          type: 2,
          startDate: shiftDays(end, -364),
          endDate: end,
        },
      ])
      .returning({ id: parkingAssociations.id });
    await tx.execute(sql`update ${parkingSpaces} set status = 2 where id in (${sold.id}, ${let_.id})`);
    const [house] = (
      (await tx.execute(sql`select house_id from ${gatePersons} where id = ${renter.id}`)) as unknown as {
        rows: { house_id: number }[];
      }
    ).rows;
    if (!house) continue;
    const start = shiftDays(end, 1);
    await insertCharge(tx, {
      kind: CHARGE_RENEWAL,
      tenantId: ids.tenantA,
      villageId: lot.villageId,
      houseId: house.house_id,
      associationId: short!.id,
      months: 3,
      periodStart: start,
      periodEnd: shiftDays(start, 90),
      amount: 90000,
      name: `车位续费-${let_.no}`,
      formula: '3个月 × (月租¥300.00 + 清洁费¥0.00)',
    });
  }
  // 月卡套餐: what each village's car park sells by the month, the quarter and the year (one retired offer)
  await tx.insert(parkingPackages).values(
    lots.flatMap((lot) =>
      [
        { name: '月卡（1个月）', months: 1, price: 30000, status: 1, remark: '' },
        { name: '季卡（3个月）', months: 3, price: 85000, status: 1, remark: '' },
        { name: '年卡（12个月）', months: 12, price: 320000, status: 1, remark: '' },
        { name: '半年卡（6个月）', months: 6, price: 170000, status: 2, remark: '已停售，改售季卡与年卡' },
      ].map((p) => ({ ...p, tenantId: ids.tenantA, villageId: lot.villageId, lotIds: [lot.id] })),
    ),
  );
};
