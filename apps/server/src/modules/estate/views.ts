import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { decimal2, fenToYuan } from '../../core/engine/columns.ts';
import { notFound } from '../../core/errors.ts';
import { formatTime } from '../../core/time.ts';
import { users } from '../auth/index.ts';
import { roles } from '../rbac/index.ts';
import { regionPath } from '../region/index.ts';
import { dictData } from '../system/index.ts';
import { villages } from '../tenancy/index.ts';
import { greetingAt } from './format.ts';
import { accessRecords, buildings, gatePersons, houses, workers } from './schema.ts';
import { scopeOfCaller, villageIn, type Scope } from './service.ts';
import { qualified } from '../../core/db/sql.ts';

type Item = { title: string; val: number | string; dw: string; type: string };
type Cate = { type: number; title: string; num: number };
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Items of dictionaries (platform rows, a tenant's own row wins), in dictionary order. */
const dictItems = async (db: Db, tenantId: number, type: string) => {
  const rows = await db
    .select({ label: dictData.dictLabel, value: dictData.dictValue, tenantId: dictData.tenantId })
    .from(dictData)
    .where(and(eq(dictData.dictType, type), or(isNull(dictData.tenantId), eq(dictData.tenantId, tenantId))))
    .orderBy(asc(dictData.dictNumber), asc(dictData.id));
  const byValue = new Map<string, string>();
  for (const r of rows) if (!byValue.has(r.value) || r.tenantId !== null) byValue.set(r.value, r.label);
  return [...byValue].map(([value, label]) => ({ value: Number(value), label }));
};

const cates = (items: { value: number; label: string }[], counts: Map<number, number>): Cate[] =>
  items.map((i) => ({ type: i.value, title: i.label, num: counts.get(i.value) ?? 0 }));

/** 浙江省杭州市西湖区 + the village address (unless it already starts with the region) + village + building. */
const standardAddress = (regionCode: string, address: string, village: string, building: string) => {
  const region = regionPath(regionCode).split(' / ').join('');
  const street = address.replace(/\s+/g, '').startsWith(region) ? address : `${region}${address}`;
  return [street, village, building].filter(Boolean).join(' ');
};

/**
 * 楼栋视图 (Building view): four queries whatever the size of the building — the building,
 * its houses with resident counts (one grouped join), the per-type counts (one grouped union),
 * and the two dictionaries.
 */
export const buildingView = async (db: Db, s: Scope, bid: number) => {
  const [b] = await db
    .select({
      id: buildings.id,
      name: buildings.name,
      img: buildings.img,
      bdpImg: buildings.bdpImg,
      bdper: buildings.bdper,
      unitNames: buildings.unitNames,
      village: villages.name,
      regionCode: villages.regionCode,
      address: villages.address,
    })
    .from(buildings)
    .innerJoin(villages, eq(villages.id, buildings.villageId))
    .where(and(eq(buildings.id, bid), eq(buildings.tenantId, s.tenantId), villageIn(buildings.villageId, s)))
    .limit(1);
  if (!b) throw notFound();
  const [list, counts, houseTypes, personTypes] = await Promise.all([
    db
      .select({
        id: houses.id,
        name: houses.name,
        unit: houses.unitName,
        floor: houses.floor,
        type: houses.houseType,
        pnum: sql<number>`count(${qualified(gatePersons.id)})::int`,
      })
      .from(houses)
      .leftJoin(gatePersons, eq(gatePersons.houseId, houses.id))
      .where(and(eq(houses.buildingId, b.id), eq(houses.tenantId, s.tenantId)))
      .groupBy(houses.id, houses.tenantId)
      .orderBy(asc(houses.floor), sql`length(${houses.name})`, asc(houses.name)),
    db.execute(sql`
      select 'house' as kind, house_type as type, count(*)::int as num from ${houses} where building_id = ${b.id} and tenant_id = ${s.tenantId} group by house_type
      union all
      select 'person', personnel_type, count(*)::int from ${gatePersons} where building_id = ${b.id} and tenant_id = ${s.tenantId} group by personnel_type`),
    dictItems(db, s.tenantId, 'house_type'),
    dictItems(db, s.tenantId, 'personnel_type'),
  ]);
  const byKind = { house: new Map<number, number>(), person: new Map<number, number>() };
  for (const r of rowsOf<{ kind: 'house' | 'person'; type: number; num: number }>(counts))
    byKind[r.kind].set(Number(r.type), Number(r.num));
  const total = (m: Map<number, number>) => [...m.values()].reduce((a, n) => a + n, 0);

  // unit → floor → houses; units in the building's own order, then any other unit names
  const order = b.unitNames.split(',').filter(Boolean);
  const units = new Map<string, Map<number, { id: number; name: string; type: number; pnum: number }[]>>(
    order.map((u) => [u, new Map()]),
  );
  for (const h of list) {
    const floors = units.get(h.unit) ?? units.set(h.unit, new Map()).get(h.unit)!;
    const row = floors.get(h.floor) ?? floors.set(h.floor, []).get(h.floor)!;
    row.push({ id: h.id, name: h.name, type: h.type, pnum: Number(h.pnum) });
  }
  const houseArr = [...units].map(([unit, floors]) => ({
    unit_name: unit,
    floors: [...floors].sort(([a], [z]) => a - z).map(([floor, hs]) => ({ floor, title: `${floor}F`, houses: hs })),
  }));
  return {
    buildInfo: { build_name: b.name, img: b.img, bdp_img: b.bdpImg, bdper: b.bdper },
    buildFirstName: b.name.slice(0, 1),
    personNum: total(byKind.person),
    houseNum: total(byKind.house),
    personCateInfo: cates(personTypes, byKind.person),
    houseCateInfo: cates(houseTypes, byKind.house),
    houseArr,
    address: standardAddress(b.regionCode, b.address, b.village, b.name),
  };
};

/** 房屋详情 in the building view: the house, its building and village, and its resident count. */
export const houseDetail = async (db: Db, s: Scope, id: number) => {
  const [h] = await db
    .select({
      id: houses.id,
      village_id: houses.villageId,
      village_name: villages.name,
      building_id: houses.buildingId,
      building_name: buildings.name,
      unit_name: houses.unitName,
      floor: houses.floor,
      name: houses.name,
      area: houses.area,
      house_type: houses.houseType,
      house_state: houses.houseState,
      use_type: houses.useType,
      balance: houses.balance,
      remark: houses.remark,
      pnum: sql<number>`(select count(*)::int from ${gatePersons} p where p.house_id = ${qualified(houses.id)} and p.tenant_id = ${qualified(houses.tenantId)})`,
    })
    .from(houses)
    .innerJoin(buildings, eq(buildings.id, houses.buildingId))
    .innerJoin(villages, eq(villages.id, houses.villageId))
    .where(and(eq(houses.id, id), eq(houses.tenantId, s.tenantId), villageIn(houses.villageId, s)))
    .limit(1);
  if (!h) throw notFound();
  return { houseInfo: { ...h, area: decimal2(h.area), balance: fenToYuan(h.balance), pnum: Number(h.pnum) } };
};

/** The map centre of a building's village (the building view's map). */
export const villageOfBuilding = async (db: Db, s: Scope, buildingId: number) => {
  const [v] = await db
    .select({ village_id: villages.id, name: villages.name, lonlat: villages.lonlat, geom: villages.geom })
    .from(buildings)
    .innerJoin(villages, eq(villages.id, buildings.villageId))
    .where(and(eq(buildings.id, buildingId), eq(buildings.tenantId, s.tenantId), villageIn(buildings.villageId, s)))
    .limit(1);
  if (!v) throw notFound();
  return v;
};

const switchText = (v: number) => (v === 1 ? '开启' : '关闭');

/** 小区视图 (Village view): grouped counts whose type routes to a list, buildings, access records, people. */
export const villageView = async (db: Db, s: Scope, vid: number) => {
  const [v] = await db
    .select()
    .from(villages)
    .where(and(eq(villages.id, vid), eq(villages.tenantId, s.tenantId), villageIn(villages.id, s)))
    .limit(1);
  if (!v) throw notFound();
  const t = s.tenantId;
  const [countRes, houseTypes, personTypes, buttons, traffic, staff, latest] = await Promise.all([
    db.execute(sql`
      select (select count(*) from ${buildings} where tenant_id = ${t} and village_id = ${vid})::int as building,
             (select count(*) from ${workers} where tenant_id = ${t} and village_id = ${vid})::int as worker,
             (select count(*) from ${accessRecords} where tenant_id = ${t} and village_id = ${vid}
                and created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')::int as access_today,
             h.*, p.*
      from (select count(*)::int as house, count(*) filter (where house_type = 1)::int as house1,
                   count(*) filter (where house_type = 2)::int as house2, count(*) filter (where house_type = 3)::int as house3
            from ${houses} where tenant_id = ${t} and village_id = ${vid}) h,
           (select count(*)::int as person, count(*) filter (where personnel_type = 1)::int as person1,
                   count(*) filter (where personnel_type = 2)::int as person2, count(*) filter (where personnel_type = 3)::int as person3
            from ${gatePersons} where tenant_id = ${t} and village_id = ${vid}) p`),
    dictItems(db, t, 'house_type'),
    dictItems(db, t, 'personnel_type'),
    db
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .where(and(eq(buildings.tenantId, t), eq(buildings.villageId, vid)))
      .orderBy(asc(buildings.sort), asc(buildings.id)),
    db
      .select({
        name: accessRecords.personName,
        sex: accessRecords.sex,
        img: accessRecords.img,
        jctype: accessRecords.jctype,
        created_at: accessRecords.createdAt,
      })
      .from(accessRecords)
      .where(and(eq(accessRecords.tenantId, t), eq(accessRecords.villageId, vid)))
      .orderBy(desc(accessRecords.createdAt), desc(accessRecords.id))
      .limit(20),
    db
      .select({ id: workers.id, name: workers.name, img: workers.img, section: workers.sectionName, role: roles.name })
      .from(workers)
      .leftJoin(roles, eq(roles.id, workers.tenantRoleId))
      .where(and(eq(workers.tenantId, t), eq(workers.villageId, vid), eq(workers.status, 1)))
      .orderBy(asc(workers.id))
      .limit(20),
    db
      .select({
        id: gatePersons.id,
        name: gatePersons.name,
        imgs: gatePersons.imgs,
        type: gatePersons.personnelType,
        house: sql<string>`${qualified(buildings.name)} || ${qualified(houses.unitName)} || ${qualified(houses.name)}`,
        created_at: gatePersons.createdAt,
      })
      .from(gatePersons)
      .innerJoin(houses, eq(houses.id, gatePersons.houseId))
      .innerJoin(buildings, eq(buildings.id, gatePersons.buildingId))
      .where(and(eq(gatePersons.tenantId, t), eq(gatePersons.villageId, vid)))
      .orderBy(desc(gatePersons.id))
      .limit(20),
  ]);
  const c = rowsOf<Record<string, number>>(countRes)[0]!;
  const n = (k: string) => Number(c[k] ?? 0);
  const typeTitle = (items: { value: number; label: string }[], value: number) =>
    items.find((i) => i.value === value)?.label ?? String(value);
  const baseInfo: { title: string; items: Item[] }[] = [
    {
      title: '房屋信息',
      items: [
        { title: '楼栋总数', val: n('building'), dw: '栋', type: 'building' },
        { title: '房屋总数', val: n('house'), dw: '套', type: 'house' },
        ...[1, 2, 3].map((k) => ({
          title: typeTitle(houseTypes, k),
          val: n(`house${k}`),
          dw: '套',
          type: `house${k}`,
        })),
      ],
    },
    {
      title: '人员信息',
      items: [
        { title: '住户总数', val: n('person'), dw: '人', type: 'person' },
        ...[1, 2, 3].map((k) => ({
          title: typeTitle(personTypes, k),
          val: n(`person${k}`),
          dw: '人',
          type: `person${k}`,
        })),
        { title: '工作人员', val: n('worker'), dw: '人', type: '' },
      ],
    },
    { title: '通行信息', items: [{ title: '今日通行', val: n('access_today'), dw: '次', type: 'access_control' }] },
    {
      title: '小区信息',
      items: [
        { title: '占地面积', val: decimal2(v.floorArea) ?? '-', dw: '㎡', type: '' },
        { title: '服务电话', val: v.servicePhone || '-', dw: '', type: '' },
        { title: '访客登记', val: switchText(v.fVisitorRegistration), dw: '', type: '' },
      ],
    },
  ];
  return {
    village: {
      id: v.id,
      name: v.name,
      address: v.address,
      lonlat: v.lonlat,
      geom: v.geom,
      imgs: v.imgs,
      introduction: v.introduction,
      closed: v.closed,
      f_visitor_registration: v.fVisitorRegistration,
    },
    baseInfo,
    buildInfo: buttons,
    trafficInfo: traffic.map((r) => ({
      name: r.name,
      sex: r.sex,
      img: r.img,
      jctype: r.jctype,
      create_time: formatTime(r.created_at),
    })),
    otherInfo: [
      {
        title: '工作人员',
        type: 'worker',
        list: staff.map((w) => ({
          id: w.id,
          name: w.name,
          img: w.img,
          desc: [w.section, w.role].filter(Boolean).join(' · '),
        })),
      },
      {
        title: '最新住户',
        type: 'person',
        list: latest.map((p) => ({
          id: p.id,
          name: p.name,
          img: p.imgs.split(',')[0] ?? '',
          desc: `${typeTitle(personTypes, p.type)} · ${p.house}`,
          create_time: formatTime(p.created_at),
        })),
      },
    ],
  };
};

const BASE_DATA = [
  { key: 'villages', title: '小区', name: 'Village', url: '/Web/Basic/Village/listConfig', icon: 'HomeOutlined' },
  { key: 'buildings', title: '楼栋', name: 'Building', url: '/Web/Basic/Building/listConfig', icon: 'BankOutlined' },
  { key: 'houses', title: '房屋', name: 'House', url: '/Web/Basic/House/listConfig', icon: 'AppstoreOutlined' },
  { key: 'persons', title: '住户', name: 'GatePerson', url: '/Web/Basic/GatePerson/listConfig', icon: 'TeamOutlined' },
  { key: 'workers', title: '员工', name: 'Worker', url: '/Web/Basic/Worker/listConfig', icon: 'IdcardOutlined' },
] as const;

/** Basic-data counts of the caller's tenant and villages, in one statement. */
export const baseCounts = async (db: Db, s: Scope) => {
  const count = (table: typeof buildings | typeof houses | typeof gatePersons | typeof workers) =>
    sql`(select count(*) from ${table} where ${and(eq(table.tenantId, s.tenantId), villageIn(table.villageId, s))})::int`;
  const res = await db.execute(sql`select
    (select count(*) from ${villages} where ${and(eq(villages.tenantId, s.tenantId), villageIn(villages.id, s))})::int as villages,
    ${count(buildings)} as buildings, ${count(houses)} as houses, ${count(gatePersons)} as persons, ${count(workers)} as workers`);
  return rowsOf<Record<(typeof BASE_DATA)[number]['key'], number>>(res)[0]!;
};

/** Basic-data counts of the caller's company and villages (the workbench's panels). */
export const baseCountsOf = (db: Db, caller: Caller) => baseCounts(db, scopeOfCaller(caller));

/**
 * 工作台 head: greeting and the basic-data shortcuts with real counts (a shortcut to a page the
 * caller cannot open is left out); the counts are read only when the caller sees them.
 */
export const workbenchHead = async (db: Db, caller: Caller, withBaseData: boolean) => {
  const s = scopeOfCaller(caller);
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, s.userId)).limit(1);
  const counts = withBaseData ? await baseCounts(db, s) : null;
  const baseData = counts
    ? BASE_DATA.filter((d) => caller.actor.isSuper || s.perms.has(`${d.name}:view`)).map((d) => ({
        title: d.title,
        num: Number(counts[d.key]),
        url: d.url,
        icon: d.icon,
      }))
    : [];
  return { name: u?.name ?? '', greeting: greetingAt(new Date()), baseData };
};
