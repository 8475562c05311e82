import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { gatePersons } from '../modules/estate/schema.ts';
import { parkingGates, parkingLots, parkingSpaces, vehicles } from '../modules/parking/schema.ts';

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
};
