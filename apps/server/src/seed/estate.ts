import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { bulkInsert } from '../core/engine/bulk-insert.ts';
import { villages } from '../modules/tenancy/schema.ts';
import { buildings, gatePersons, houses, workers } from '../modules/estate/schema.ts';
import { generateHouses } from '../modules/estate/service.ts';
import { makePeople, prng, SURNAMES, type Person } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type EstateSeedIds = {
  tenantA: number;
  tenantB: number;
  villagesA: [number, number];
  villageB: number;
  roleA: number;
};

/**
 * Demo estate data for company A's two villages and one small building of company B: buildings,
 * houses from the same set-based generator the 生成房屋 action uses, ~500 residents with valid ID
 * cards and phones, and a few workers. A handful of statements, no query per row.
 */
export const seedEstate = async (tx: Tx, ids: EstateSeedIds) => {
  const [a1, a2] = ids.villagesA;
  await tx
    .update(villages)
    .set({
      geom: '120.1285,30.2801;120.1318,30.2803;120.1320,30.2776;120.1283,30.2774--120.1301,30.2789--rgba(24,144,255,0.3)--#1890ff',
      floorArea: '86500.00',
      servicePhone: '0571-88886666',
      introduction:
        '<p>阳光花园位于西湖区文三路，建成于2008年，共6幢住宅楼，绿化率35%，配套地下车库与社区服务中心。</p>',
    })
    .where(eq(villages.id, a1));
  await tx
    .update(villages)
    .set({
      geom: '120.1152,30.2912;120.1185,30.2913;120.1186,30.2889;120.1150,30.2888--120.1168,30.2901--rgba(24,144,255,0.3)--#1890ff',
      floorArea: '42800.50',
      servicePhone: '0571-88887777',
      introduction: '<p>翠湖名苑毗邻翠苑公园，4座小高层，人车分流，物业服务24小时在岗。</p>',
    })
    .where(eq(villages.id, a2));
  await tx
    .update(villages)
    .set({ servicePhone: '0571-86668888', floorArea: '25600.00' })
    .where(eq(villages.id, ids.villageB));

  const plan = [
    ...[6, 6, 11, 11, 9, 9].map((floors, i) => ({
      tenantId: ids.tenantA,
      villageId: a1,
      name: `${i + 1}幢`,
      units: 2,
      unitNames: '1单元,2单元',
      floors,
      roomsPerFloor: 2,
      bdper: ['赵强', '刘倩', '赵强', '孙磊', '孙磊', '刘倩'][i]!,
      sort: i + 1,
    })),
    ...['A座', 'B座', 'C座', 'D座'].map((name, i) => ({
      tenantId: ids.tenantA,
      villageId: a2,
      name,
      units: 2,
      unitNames: '1单元,2单元',
      floors: 8,
      roomsPerFloor: 2,
      bdper: i < 2 ? '周敏' : '郑浩',
      sort: i + 1,
    })),
    {
      tenantId: ids.tenantB,
      villageId: ids.villageB,
      name: '1号楼',
      units: 1,
      unitNames: '1单元',
      floors: 3,
      roomsPerFloor: 2,
      bdper: '孙伟',
      sort: 1,
    },
  ];
  const bs = await tx
    .insert(buildings)
    .values(plan)
    .returning({ id: buildings.id, tenantId: buildings.tenantId, name: buildings.name });
  await generateHouses(
    tx,
    ids.tenantA,
    bs.filter((b) => b.tenantId === ids.tenantA).map((b) => b.id),
  );
  await generateHouses(
    tx,
    ids.tenantB,
    bs.filter((b) => b.tenantId === ids.tenantB).map((b) => b.id),
  );

  // each building a little way from its village's marker, in a row by its order, so the maps can show it
  await tx.execute(sql`update ${buildings} b set lonlat =
      round(split_part(v.lonlat, ',', 1)::numeric + (b.sort - 2.5) * 0.0006, 6)::text || ',' ||
      round(split_part(v.lonlat, ',', 2)::numeric + (b.sort % 2 - 0.5) * 0.0005, 6)::text
    from villages v where v.id = b.village_id and v.lonlat <> '' and b.id in (${sql.join(
      bs.map((b) => sql`${b.id}`),
      sql`, `,
    )})`);

  // shops on the ground floor of 1幢 and A座, garages under 2幢; areas and states spread by id
  const shopBuildings = bs.filter((b) => b.name === '1幢' || b.name === 'A座').map((b) => b.id);
  const garageBuildings = bs.filter((b) => b.name === '2幢').map((b) => b.id);
  await tx.execute(sql`update ${houses} set
      house_type = case when floor = 1 and building_id = any(${`{${shopBuildings.join(',')}}`}::int[]) then 2
                        when floor = 1 and building_id = any(${`{${garageBuildings.join(',')}}`}::int[]) then 3 else 1 end,
      area = round((68 + (id * 37) % 75 + ((id * 13) % 100) / 100.0)::numeric, 2),
      house_state = case when (id * 7) % 20 < 11 then 1 when (id * 7) % 20 < 15 then 2 else 3 end
    where building_id in (${sql.join(
      bs.map((b) => sql`${b.id}`),
      sql`, `,
    )})`);
  await tx.execute(
    sql`update ${houses} set use_type = 2, area = round((25 + (id * 11) % 30)::numeric, 2) where house_type in (2, 3) and building_id in (${sql.join(
      bs.map((b) => sql`${b.id}`),
      sql`, `,
    )})`,
  );

  const list = await tx
    .select({
      id: houses.id,
      tenantId: houses.tenantId,
      villageId: houses.villageId,
      buildingId: houses.buildingId,
      unitName: houses.unitName,
      name: houses.name,
      state: houses.houseState,
      type: houses.houseType,
      building: buildings.name,
      village: villages.name,
    })
    .from(houses)
    .innerJoin(buildings, eq(buildings.id, houses.buildingId))
    .innerJoin(villages, eq(villages.id, houses.villageId))
    .where(
      inArray(
        houses.buildingId,
        bs.map((b) => b.id),
      ),
    )
    .orderBy(houses.id);

  const rnd = prng(20260101);
  const people = makePeople(rnd);
  const now = Date.now();
  const rows: Record<string, unknown>[] = [];
  const status = () => (rnd() < 0.88 ? 1 : rnd() < 0.66 ? 0 : 2);
  for (const h of list) {
    if (h.state === 3) continue;
    const base = {
      tenantId: h.tenantId,
      villageId: h.villageId,
      buildingId: h.buildingId,
      houseId: h.id,
      address: `${h.village}${h.building}${h.unitName}${h.name}`,
    };
    const add = (
      p: Person & { type: 1 | 2 | 3; relationship: number; huzhu: boolean; livein: boolean; identity: number },
    ) => {
      rows.push({
        ...base,
        name: people.name(p),
        personnelType: p.type,
        idcard: people.idcard(p),
        sex: p.sex,
        tel: people.phone(),
        relationship: p.relationship,
        status: status(),
        householdIdentity: p.identity,
        isHuzhu: p.huzhu ? 1 : 2,
        isLivein: p.livein ? 1 : 2,
        createdAt: new Date(now - Math.floor(rnd() * 400 * 86400_000)),
      });
    };
    const surname = people.pick(SURNAMES);
    const ownerSex = rnd() < 0.55 ? 1 : 2;
    const ownerYear = 1955 + Math.floor(rnd() * 40);
    const rented = h.state === 2;
    add({
      type: 1,
      sex: ownerSex,
      birthYear: ownerYear,
      surname,
      relationship: 1,
      huzhu: true,
      livein: !rented,
      identity: 1,
    });
    if (h.type !== 1) continue;
    if (rented) {
      const n = 1 + Math.floor(rnd() * 2);
      for (let i = 0; i < n; i++)
        add({
          type: 2,
          sex: rnd() < 0.5 ? 1 : 2,
          birthYear: 1975 + Math.floor(rnd() * 28),
          relationship: 6,
          huzhu: false,
          livein: true,
          identity: rnd() < 0.7 ? 2 : 1,
        });
      continue;
    }
    if (rnd() < 0.6)
      add({
        type: 3,
        sex: ownerSex === 1 ? 2 : 1,
        birthYear: ownerYear + Math.floor(rnd() * 5) - 2,
        relationship: 2,
        huzhu: false,
        livein: true,
        identity: 1,
      });
    if (rnd() < 0.45 && ownerYear < 1990)
      add({
        type: 3,
        sex: rnd() < 0.5 ? 1 : 2,
        birthYear: Math.min(2020, ownerYear + 24 + Math.floor(rnd() * 10)),
        surname,
        relationship: 3,
        huzhu: false,
        livein: true,
        identity: 1,
      });
  }
  await bulkInsert(tx, gatePersons, rows);

  await tx.insert(workers).values([
    {
      tenantId: ids.tenantA,
      villageId: a1,
      name: '赵强',
      tenantRoleId: ids.roleA,
      sectionName: '秩序部',
      phone: '13857100001',
    },
    { tenantId: ids.tenantA, villageId: a1, name: '刘倩', sectionName: '客服部', phone: '13857100002' },
    {
      tenantId: ids.tenantA,
      villageId: a1,
      name: '孙磊',
      tenantRoleId: ids.roleA,
      sectionName: '工程部',
      phone: '13857100003',
    },
    { tenantId: ids.tenantA, villageId: a1, name: '王秀兰', sectionName: '保洁部', phone: '13857100004' },
    { tenantId: ids.tenantA, villageId: a2, name: '周敏', sectionName: '客服部', phone: '13857100005' },
    {
      tenantId: ids.tenantA,
      villageId: a2,
      name: '郑浩',
      tenantRoleId: ids.roleA,
      sectionName: '工程部',
      phone: '13857100006',
    },
    { tenantId: ids.tenantB, villageId: ids.villageB, name: '孙伟', sectionName: '综合部', phone: '13857200001' },
    // the second company's steward and guard: 城市信息中心 counts staff by department (管家 / 保安 / 后勤)
    { tenantId: ids.tenantB, villageId: ids.villageB, name: '钱芳', sectionName: '管家部', phone: '13857200002' },
    { tenantId: ids.tenantB, villageId: ids.villageB, name: '李军', sectionName: '秩序部', phone: '13857200003' },
  ]);
};
