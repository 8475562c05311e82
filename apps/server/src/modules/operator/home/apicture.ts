import {
  apictureSearchTypeOfCode,
  apictureSearchTypes,
  type ApictureCounts,
  type ApictureData,
  type ApictureSearchHit,
  type ApictureSearchType,
  type ApictureVillage,
  type ApictureVillageInfo,
} from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/errors.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { formatDate } from '../../../core/time.ts';
import { regionPath } from '../../region/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { advertFiguresOf, NO_ADVERTS, type AdvertFiguresSource } from './advert-figures.ts';
import { areaOf } from './analysis.ts';
import { q } from './scope.ts';
import { apictureReply, apictureSearchReply, apictureVillageInfoReply } from './replies.ts';

/** search results shown at most */
const SEARCH_LIMIT = 50;

/** The caller's villages as a condition on `villages v join tenants t`: its companies' within its regions. */
const scopeOf = async (db: Db, caller: Caller): Promise<SQL> => (await areaOf(db, caller, undefined)).villages;

type VillageRow = { id: number; name: string; lonlat: string; geom: string; tenant_name: string; address: string };
const village = (r: VillageRow): ApictureVillage => ({
  id: Number(r.id),
  name: r.name,
  lonlat: r.lonlat,
  geom: r.geom,
  tenantName: r.tenant_name,
  address: r.address,
});

type CountRow = Record<keyof ApictureCounts, string>;

const countsOf = async (db: Db, scope: SQL): Promise<ApictureCounts> => {
  const ids = sql`(select v.id from villages v join tenants t on t.id = v.tenant_id where ${scope})`;
  const [c] = await q<CountRow>(
    db,
    sql`select (select count(*) from villages v join tenants t on t.id = v.tenant_id where ${scope}) as village,
      (select count(*) from buildings b where b.village_id in ${ids}) as building,
      (select count(*) from houses h where h.village_id in ${ids}) as house,
      (select count(*) from gate_persons p where p.village_id in ${ids} and p.personnel_type = 1) as owner,
      (select count(*) from gate_persons p where p.village_id in ${ids}) as person,
      (select count(distinct v.tenant_id) from villages v join tenants t on t.id = v.tenant_id where ${scope}) as tenant`,
  );
  return {
    village: Number(c?.village ?? 0),
    building: Number(c?.building ?? 0),
    house: Number(c?.house ?? 0),
    owner: Number(c?.owner ?? 0),
    person: Number(c?.person ?? 0),
    tenant: Number(c?.tenant ?? 0),
  };
};

type InfoRow = VillageRow & {
  region_code: string;
  buildings: string;
  houses: string;
  lived: string;
  owners: string;
  residents: string;
  renters: string;
  expire: string | null;
  days_left: number | null;
};

/** One village of the caller's with its figures; a village outside the caller's scope does not exist. */
export const villageInfo = async (
  db: Db,
  caller: Caller,
  vid: number,
  adverts: AdvertFiguresSource = async () => NO_ADVERTS,
): Promise<ApictureVillageInfo> => {
  const scope = await scopeOf(db, caller);
  const today = formatDate(new Date());
  const [r] = await q<InfoRow>(
    db,
    sql`select v.id, v.name, v.lonlat, v.geom, v.address, v.region_code, t.name as tenant_name,
      (select count(*) from buildings b where b.village_id = v.id) as buildings,
      (select count(*) from houses h where h.village_id = v.id) as houses,
      (select count(*) from houses h where h.village_id = v.id
        and exists (select 1 from gate_persons p where p.house_id = h.id)) as lived,
      (select count(*) from gate_persons p where p.village_id = v.id and p.personnel_type = 1) as owners,
      (select count(*) from gate_persons p where p.village_id = v.id) as residents,
      (select count(*) from gate_persons p where p.village_id = v.id and p.personnel_type = 2) as renters,
      coalesce(v.expire_date, t.service_expire)::text as expire,
      (coalesce(v.expire_date, t.service_expire) - ${today}::date) as days_left
      from villages v join tenants t on t.id = v.tenant_id where v.id = ${vid} and ${scope}`,
  );
  if (!r) throw notFound('小区');
  const houses = Number(r.houses);
  const lived = Number(r.lived);
  return {
    ...village(r),
    regionName: r.region_code ? regionPath(r.region_code) : '',
    buildings: Number(r.buildings),
    houses,
    livedHouses: lived,
    owners: Number(r.owners),
    residents: Number(r.residents),
    renters: Number(r.renters),
    occupancyRate: houses ? Math.round((lived / houses) * 10000) / 100 : 0,
    expireDate: r.expire ?? '',
    daysLeft: r.days_left === null ? null : Number(r.days_left),
    advNum: (await adverts(db, sql`(${vid})`)).slots,
  };
};

/** The map: every village of the caller's with its location, the counts, and the village asked. */
export const apicture = async (
  db: Db,
  caller: Caller,
  vid?: number,
  adverts?: AdvertFiguresSource,
): Promise<ApictureData> => {
  const scope = await scopeOf(db, caller);
  const [rows, counts] = await Promise.all([
    q<VillageRow>(
      db,
      sql`select v.id, v.name, v.lonlat, v.geom, v.address, t.name as tenant_name
        from villages v join tenants t on t.id = v.tenant_id where ${scope} order by t.id, v.id`,
    ),
    countsOf(db, scope),
  ]);
  const data: ApictureData = { villageList: rows.map(village), counts };
  if (vid !== undefined) data.village = await villageInfo(db, caller, vid, adverts);
  return data;
};

type HitRow = {
  id: number;
  name: string;
  village_id: number;
  village_name: string;
  building: string;
  house: string;
  detail: string;
};

/** Villages, buildings or residents of the caller's villages whose name contains the text ('' = the first ones). */
export const searchVillageList = async (
  db: Db,
  caller: Caller,
  name: string,
  type: ApictureSearchType,
): Promise<ApictureSearchHit[]> => {
  // devices have no tables yet: nothing to find rather than samples
  if (type === 'device') return [];
  const scope = await scopeOf(db, caller);
  const like = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const queries: Record<Exclude<ApictureSearchType, 'device'>, SQL> = {
    village: sql`select v.id, v.name, v.id as village_id, v.name as village_name, '' as building, '' as house,
        v.address as detail
      from villages v join tenants t on t.id = v.tenant_id
      where ${scope} and v.name ilike ${like} order by v.name, v.id limit ${SEARCH_LIMIT}`,
    building: sql`select b.id, b.name, v.id as village_id, v.name as village_name, b.name as building, '' as house,
        t.name as detail
      from buildings b join villages v on v.id = b.village_id join tenants t on t.id = v.tenant_id
      where ${scope} and b.name ilike ${like} order by v.name, b.sort, b.id limit ${SEARCH_LIMIT}`,
    person: sql`select p.id, p.name, v.id as village_id, v.name as village_name, b.name as building,
        h.unit_name || h.name as house, t.name as detail
      from gate_persons p join villages v on v.id = p.village_id join tenants t on t.id = v.tenant_id
        join buildings b on b.id = p.building_id join houses h on h.id = p.house_id
      where ${scope} and p.name ilike ${like} order by p.name, p.id limit ${SEARCH_LIMIT}`,
  };
  const rows = await q<HitRow>(db, queries[type]);
  return rows.map((r) => ({
    type,
    id: Number(r.id),
    name: r.name,
    villageId: Number(r.village_id),
    villageName: r.village_name,
    building: r.building,
    house: r.house,
    detail: r.detail,
  }));
};

const vid = z.coerce
  .number({ error: 'vid 格式错误' })
  .int('vid 格式错误')
  .positive('vid 格式错误')
  .max(2147483647, 'vid 格式错误');
/** our page sends the type's name, the spec's client the tab's number (1-4, also as a string) */
const searchType = z
  .preprocess(
    (v) =>
      typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? apictureSearchTypeOfCode(Number(v)) : v,
    z.enum(apictureSearchTypes, { error: '搜索类型错误：type 可为 1-4 或 village、building、person、device' }),
  )
  .default('village');
const access = { anyOf: ['APicture:view', 'IndexOperator:view'] };
const tags = ['一张图'];

/** 一张图: the villages of the caller's level on a map, their counts, search and one village's figures. */
export const registerApictureRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  const adverts = advertFiguresOf(registry);
  serve(
    app,
    dashboardApi.apicture,
    {
      tags,
      summary: '一张图：小区点位与热区、汇总数量；?vid= 同时返回该小区详情',
      query: z.object({ vid: z.preprocess((v) => (v === '' ? undefined : v), vid.optional()) }),
      body: z.object({}).describe('无参数'),
      reply: apictureReply,
      access,
      writes: false,
    },
    async (_body, req, query) => apicture(db, callerOf(req), query.vid, adverts),
  );
  serve(
    app,
    dashboardApi.apictureSearch,
    {
      tags,
      summary:
        '一张图搜索 {name, type: 1 或 village 小区 | 2 或 building 楼栋 | 3 或 person 人员 | 4 或 device 设备（暂无设备，返回空）}',
      body: z.object({
        name: z.string({ error: '名称格式错误' }).trim().max(50, '名称不能超过50个字符').default(''),
        type: searchType,
      }),
      reply: apictureSearchReply,
      access,
      writes: false,
    },
    async (body, req) => searchVillageList(db, callerOf(req), body.name, body.type),
  );
  serve(
    app,
    dashboardApi.apictureVillage,
    {
      tags,
      summary: '一张图小区详情 {vid}',
      body: z.object({ vid }),
      reply: apictureVillageInfoReply,
      access,
      writes: false,
    },
    async (body, req) => villageInfo(db, callerOf(req), body.vid, adverts),
  );
};
