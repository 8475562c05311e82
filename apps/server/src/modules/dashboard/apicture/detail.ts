import type { ApictureDetail, ApictureField, ApictureMarkKind } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { OFFLINE_AFTER_MINUTES } from '../../access/index.ts';
import { logSensitiveViews, maskIdcard, maskPhone, scopeOfCaller, SENSITIVE_PERM } from '../../estate/index.ts';
import { mapScope, q } from './scope.ts';

type Row = Record<string, unknown> & { id: number; village_id: number; village_name: string; tenant_id: number };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const pick = (labels: Record<number, string>, v: unknown) => labels[Number(v)] ?? '-';
const f = (label: string, value: unknown): ApictureField => ({ label, value: str(value) || '-' });
const images = (...lists: unknown[]) =>
  lists
    .flatMap((l) => str(l).split(','))
    .map((s) => s.trim())
    .filter(Boolean);

const SEX = { 1: '男', 2: '女' };
const PERSONNEL = { 1: '业主', 2: '租户', 3: '家属' };
const DOOR_TYPE = { 1: '门禁控制器', 2: '人脸终端' };
const DOOR_DIRECTION = { 1: '进', 2: '出' };
const LANE_DIRECTION = { 1: '入口', 2: '出口' };
const REPAIR_STATUS = {
  0: '待派单',
  1: '已派单',
  2: '已接单',
  3: '处理中',
  4: '待付款',
  5: '已完成',
  6: '已回访',
  7: '已关闭',
  8: '已取消',
};
const VERDICT = { 1: '准时', 2: '迟到', 3: '错误点位', 4: '不在巡更时段' };
/** a work order 派单 may still (re)send: 待派单, 已派单, 已接单, 处理中 */
const DISPATCHABLE = [0, 1, 2, 3];

/**
 * Each kind's row (with its village and company) by id among the companies given (`= id` or `in (…)`); the caller's
 * villages are added by the caller.
 */
const rowSql = (id: number, companies: SQL): Record<ApictureMarkKind, SQL> => {
  const from = (table: string, alias: string) =>
    sql`from ${sql.raw(table)} ${sql.raw(alias)} join villages v on v.id = ${sql.raw(alias)}.village_id
      and v.tenant_id = ${sql.raw(alias)}.tenant_id join tenants t on t.id = v.tenant_id`;
  const head = (alias: string) => sql`${sql.raw(alias)}.id, ${sql.raw(alias)}.village_id, v.name as village_name,
    v.tenant_id`;
  return {
    building: sql`select ${head('b')}, b.name, b.units, b.floors, b.img, b.bdp_img, b.lonlat,
        (select count(*) from houses h where h.building_id = b.id and h.tenant_id = b.tenant_id) as houses,
        (select count(*) from gate_persons p where p.building_id = b.id and p.tenant_id = b.tenant_id) as residents
      ${from('buildings', 'b')} where b.id = ${id} and b.tenant_id ${companies}`,
    resident: sql`select ${head('p')}, p.name, p.sex, p.tel, p.idcard, p.personnel_type, p.is_livein,
        coalesce(b.name, '') || coalesce(h.unit_name, '') || coalesce(h.name, '') as house
      ${from('gate_persons', 'p')} left join buildings b on b.id = p.building_id and b.tenant_id = p.tenant_id left join houses h on h.id = p.house_id and h.tenant_id = p.tenant_id
      where p.id = ${id} and p.tenant_id ${companies}`,
    door: sql`select ${head('d')}, d.name, d.gateno, d.device_type, d.direction, d.status, d.last_heartbeat,
        d.worker, d.workerphone, d.unit_name, coalesce(b.name, '') as building,
        (d.last_heartbeat >= now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}::int)) as online
      ${from('access_devices', 'd')} left join buildings b on b.id = d.building_id and b.tenant_id = d.tenant_id where d.id = ${id} and d.tenant_id ${companies}`,
    lane: sql`select ${head('g')}, g.name, g.parkcode, g.direction, g.person_name, g.phone, g.address, g.status,
        coalesce(l.name, '') as lot,
        (select count(*) from gate_events e where e.gate_id = g.id and e.tenant_id = g.tenant_id and e.decision = 'open'
          and e.occurred_at >= ((now() at time zone 'Asia/Shanghai')::date::timestamp at time zone 'Asia/Shanghai')) as today
      ${from('parking_gates', 'g')} left join parking_lots l on l.id = g.lot_id and l.tenant_id = g.tenant_id where g.id = ${id} and g.tenant_id ${companies}`,
    camera: sql`select ${head('c')}, c.name, c.camera_no, c.area, c.location, c.stream_url, c.state
      ${from('video_cameras', 'c')} where c.id = ${id} and c.tenant_id ${companies}`,
    repair: sql`select ${head('o')}, o.problem, o.person_name, o.tel, o.address, o.imgs, o.status, o.created_at,
        o.content, o.wctime, coalesce(w.name, '') as worker
      ${from('repair_orders', 'o')} left join workers w on w.id = o.worker_id and w.tenant_id = o.tenant_id where o.id = ${id} and o.tenant_id ${companies}`,
    patrol: sql`select ${head('p')}, p.name, p.point_no, p.address, p.state, p.lonlat,
        (select coalesce(json_agg(x), '[]'::json) from (
          select c.checked_at, c.verdict, coalesce(w.name, '') as worker from patrol_checkins c
            left join workers w on w.id = c.worker_id and w.tenant_id = c.tenant_id
          where c.point_id = p.id and c.tenant_id = p.tenant_id order by c.checked_at desc, c.id desc limit 5) x) as checkins
      ${from('patrol_points', 'p')} where p.id = ${id} and p.tenant_id ${companies}`,
    worker: sql`select ${head('w')}, w.name, w.section_name, w.phone, w.img, w.status, coalesce(r.name, '') as role
      ${from('workers', 'w')} left join roles r on r.id = w.tenant_role_id where w.id = ${id} and w.tenant_id ${companies}`,
  };
};

type Shown = Pick<ApictureDetail, 'title' | 'fields'> &
  Partial<Pick<ApictureDetail, 'images' | 'streamUrl'>> & {
    dispatchable?: boolean;
  };

const showOf: Record<ApictureMarkKind, (r: Row, sensitive: boolean) => Shown> = {
  building: (r) => ({
    title: str(r.name),
    fields: [
      f('楼栋名称', r.name),
      f('所属小区', r.village_name),
      f('单元数', r.units),
      f('楼层数', r.floors),
      f('房屋数', r.houses),
      f('住户数', r.residents),
      f('坐标', r.lonlat),
    ],
    images: images(r.img, r.bdp_img),
  }),
  resident: (r, sensitive) => ({
    title: str(r.name),
    fields: [
      f('姓名', r.name),
      f('性别', pick(SEX, r.sex)),
      f('人员类型', pick(PERSONNEL, r.personnel_type)),
      f('手机号', sensitive ? str(r.tel) : maskPhone(str(r.tel))),
      f('证件号码', sensitive ? str(r.idcard) : maskIdcard(str(r.idcard))),
      f('所属小区', r.village_name),
      f('房屋', r.house),
      f('是否入住', Number(r.is_livein) === 1 ? '是' : '否'),
    ],
  }),
  door: (r) => ({
    title: str(r.name),
    fields: [
      f('设备名称', r.name),
      f('所属小区', r.village_name),
      f('位置', `${str(r.building)}${str(r.unit_name)}` || '小区大门'),
      f('设备编号', r.gateno),
      f('设备类型', pick(DOOR_TYPE, r.device_type)),
      f('方向', pick(DOOR_DIRECTION, r.direction)),
      f('状态', Number(r.status) !== 1 ? '停用' : r.online ? '在线' : '离线'),
      f('最近心跳', formatTime(r.last_heartbeat as Date | null)),
      f('维护人', r.worker),
      f('维护电话', r.workerphone),
    ],
  }),
  lane: (r) => ({
    title: str(r.name),
    fields: [
      f('车道名称', r.name),
      f('所属小区', r.village_name),
      f('停车场', r.lot),
      f('设备编号', r.parkcode),
      f('方向', pick(LANE_DIRECTION, r.direction)),
      f('状态', Number(r.status) === 1 ? '启用' : '停用'),
      f('今日放行', `${str(r.today)} 辆次`),
      f('负责人', r.person_name),
      f('联系电话', r.phone),
      f('地址', r.address),
    ],
  }),
  camera: (r) => ({
    title: str(r.name),
    fields: [
      f('监控名称', r.name),
      f('所属小区', r.village_name),
      f('监控编号', r.camera_no),
      f('区域', r.area),
      f('位置', r.location),
      f('状态', Number(r.state) === 1 ? '启用' : '停用'),
    ],
    streamUrl: Number(r.state) === 1 ? str(r.stream_url) : '',
  }),
  repair: (r) => ({
    title: `工单 #${r.id}`,
    fields: [
      f('问题描述', r.problem),
      f('所属小区', r.village_name),
      f('报修人', r.person_name),
      f('联系电话', r.tel),
      f('地址', r.address),
      f('状态', pick(REPAIR_STATUS, r.status)),
      f('维修人员', r.worker),
      f('派单内容', r.content),
      f('要求完成时间', formatTime(r.wctime as Date | null)),
      f('报修时间', formatTime(r.created_at as Date)),
    ],
    images: images(r.imgs),
    dispatchable: DISPATCHABLE.includes(Number(r.status)),
  }),
  patrol: (r) => {
    const checkins = (Array.isArray(r.checkins) ? r.checkins : []) as {
      checked_at: string;
      verdict: number;
      worker: string;
    }[];
    return {
      title: str(r.name),
      fields: [
        f('点位名称', r.name),
        f('所属小区', r.village_name),
        f('点位编号', r.point_no),
        f('地址', r.address),
        f('状态', Number(r.state) === 1 ? '启用' : '停用'),
        ...(checkins.length
          ? checkins.map((c, i) =>
              f(i ? '' : '最近巡更', `${formatTime(c.checked_at)} ${c.worker} ${pick(VERDICT, c.verdict)}`),
            )
          : [f('最近巡更', '暂无巡更记录')]),
      ],
    };
  },
  worker: (r) => ({
    title: str(r.name),
    fields: [
      f('姓名', r.name),
      f('所属小区', r.village_name),
      f('部门', r.section_name),
      f('角色', r.role),
      f('联系电话', r.phone),
      f('状态', Number(r.status) === 1 ? '在职' : '离职'),
    ],
    images: images(r.img),
  }),
};

/**
 * A marker's detail: the row of a village in the caller's scope (any other does not exist for him). A resident's
 * phone and ID number are masked without the sensitive right; shown, the view is logged as the resident list does.
 */
export const markDetail = async (
  db: Db,
  caller: Caller,
  kind: ApictureMarkKind,
  id: number,
): Promise<ApictureDetail> => {
  const scope = await mapScope(db, caller);
  // a company user's row is his company's; an operator's or the platform's, one of the companies of its villages
  const tenantId = caller.actor.kind === 'web' ? caller.actor.tenantId : null;
  const companies =
    tenantId !== null
      ? sql`= ${tenantId}`
      : sql`in (select v.tenant_id from villages v join tenants t on t.id = v.tenant_id where ${scope})`;
  const [r] = await q<Row>(
    db,
    sql`select * from (${rowSql(id, companies)[kind]}) x where x.village_id in
      (select v.id from villages v join tenants t on t.id = v.tenant_id where ${scope})`,
  );
  if (!r) throw notFound();
  const sensitive = caller.actor.kind === 'web' && caller.perms.has(SENSITIVE_PERM);
  if (kind === 'resident' && sensitive && (r.tel || r.idcard))
    logSensitiveViews(db, scopeOfCaller(caller), [Number(r.id)], 'idcard,tel');
  const shown = showOf[kind](r, sensitive);
  return {
    kind,
    id: Number(r.id),
    villageId: Number(r.village_id),
    villageName: str(r.village_name),
    images: [],
    streamUrl: '',
    dispatchable: false,
    ...shown,
  };
};
