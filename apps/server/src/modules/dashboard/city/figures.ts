import {
  cityAgeGroups,
  type CityAgeKey,
  type CityEvent,
  type CityEvents,
  type CityStaff,
  type IotItem,
} from '@5a/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { companyVillages, intArray } from '../../../core/db/sql.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { formatTime } from '../../../core/time.ts';
import { deviceFiguresOf, type DeviceFigures } from '../../operator/index.ts';
import { rowsOf, type ScreenScope } from '../screens/scope.ts';
import { ageGroupSql, birthSql } from './ages.ts';
import { staffKindSql } from './staff.ts';

/** the latest events listed */
export const EVENT_LIST_SIZE = 30;

const ORDER_STATUS: Record<number, string> = { 0: '待派单', 1: '已派单', 2: '已接单', 3: '处理中', 4: '待付款' };

/** Every registered resident (any personnel type) and the active staff by job, in one statement. */
export const peopleOf = async (db: Db, s: ScreenScope): Promise<{ resident: number; staff: CityStaff }> => {
  const [r] = await rowsOf<Record<string, string>>(
    db,
    sql`with staff as (
        select ${staffKindSql} as kind
        from workers w
          left join roles r on r.id = w.tenant_role_id
          left join users u on u.id = w.user_id
          left join posts p on p.id = u.post_id
        where ${companyVillages('w', s)} and w.status = 1
      )
      select (select count(*) from gate_persons g where ${companyVillages('g', s)}) as resident,
        count(*) filter (where kind = 'steward') as steward,
        count(*) filter (where kind = 'security') as security,
        count(*) filter (where kind = 'logistics') as logistics,
        count(*) filter (where kind = 'other') as other,
        count(*) as total
      from staff`,
  );
  const n = (k: string) => Number(r?.[k] ?? 0);
  return {
    resident: n('resident'),
    staff: {
      steward: n('steward'),
      security: n('security'),
      logistics: n('logistics'),
      other: n('other'),
      total: n('total'),
    },
  };
};

/** Residents by age group from their ID numbers on `today` (YYYY-MM-DD); every group listed, 未知 last. */
export const agesOf = async (db: Db, s: ScreenScope, today: string) => {
  const day = sql`${today}::date`;
  const rows = await rowsOf<{ g: CityAgeKey; n: string }>(
    db,
    sql`select ${ageGroupSql(sql`x.birth`, day)} as g, count(*) as n
      from (select ${birthSql('p.idcard')} as birth from gate_persons p where ${companyVillages('p', s)}) x
      group by 1`,
  );
  return cityAgeGroups.map((a) => ({
    key: a.key,
    label: a.label,
    num: Number(rows.find((r) => r.g === a.key)?.n ?? 0),
  }));
};

/**
 * The event counts (their meaning is the contract's `CityEvents`) and the latest open events: work orders not done
 * and event reports not handled, newest first. Two statements.
 */
export const eventsOf = async (db: Db, s: ScreenScope): Promise<{ events: CityEvents; list: CityEvent[] }> => {
  const [c] = await rowsOf<Record<keyof CityEvents, string>>(
    db,
    sql`select
        (select count(*) from repair_orders o where ${companyVillages('o', s)} and o.status = 0)
          + (select count(*) from report_things e where ${companyVillages('e', s)} and e.status = 0) as pending,
        (select count(*) from repair_orders o where ${companyVillages('o', s)} and o.status between 1 and 4) as processing,
        (select count(*) from repair_orders o where ${companyVillages('o', s)} and o.status <= 3
          and o.overdue_at is not null) as overdue,
        (select count(*) from abnormal_alerts a where ${companyVillages('a', s)} and a.handled <> 1) as reminder`,
  );
  const rows = await rowsOf<{
    kind: 'order' | 'report';
    id: number;
    title: string;
    village_name: string;
    address: string;
    status: number;
    created_at: Date | string;
  }>(
    db,
    sql`select * from (
        (select 'order' as kind, o.id, o.problem as title, v.name as village_name, o.address, o.status, o.created_at
          from repair_orders o join villages v on v.id = o.village_id and v.tenant_id = o.tenant_id
          where ${companyVillages('o', s)} and o.status <= 4 order by o.created_at desc, o.id desc limit ${EVENT_LIST_SIZE})
        union all
        (select 'report', e.id, e.problem, v.name, e.address, -1, e.created_at
          from report_things e join villages v on v.id = e.village_id and v.tenant_id = e.tenant_id
          where ${companyVillages('e', s)} and e.status = 0 order by e.created_at desc, e.id desc limit ${EVENT_LIST_SIZE})
      ) x order by x.created_at desc, x.kind, x.id desc limit ${EVENT_LIST_SIZE}`,
  );
  const n = (k: keyof CityEvents) => Number(c?.[k] ?? 0);
  return {
    events: { pending: n('pending'), processing: n('processing'), overdue: n('overdue'), reminder: n('reminder') },
    list: rows.map((r) => {
      const status = Number(r.status);
      return {
        key: `${r.kind}-${r.id}`,
        kind: r.kind,
        id: Number(r.id),
        title: r.title,
        village_name: r.village_name,
        address: r.address,
        status: r.kind === 'report' ? '待处理' : (ORDER_STATUS[status] ?? ''),
        dispatched: r.kind === 'order' && status >= 1,
        create_time: formatTime(r.created_at),
      };
    }),
  };
};

const item = (
  key: string,
  title: string,
  f: { on: number; off: number } | undefined,
  labels: [string, string],
): IotItem => ({
  key,
  title,
  online: f?.on ?? 0,
  offline: f?.off ?? 0,
  onLabel: labels[0],
  offLabel: labels[1],
  connected: f !== undefined,
});

/** door controllers of the gates and of unit entrances together; none lent is 未接入 */
const doorsOf = (f: DeviceFigures) =>
  f.door || f.unitDoor
    ? { on: (f.door?.on ?? 0) + (f.unitDoor?.on ?? 0), off: (f.door?.off ?? 0) + (f.unitDoor?.off ?? 0) }
    : undefined;

const ONLINE: [string, string] = ['在线', '离线'];
const ENABLED: [string, string] = ['启用', '停用'];
/** what no module brings: 0 and 未接入 */
const NONE = undefined;

/**
 * The devices the access, parking and video modules lend (`lendDeviceFigures`): doors online when heard from
 * lately, lanes and cameras switched on or off. Kinds nobody lends (微卡口, 烟感, 消防栓, 梯控, 井盖) are 未接入.
 */
export const devicesOf = async (registry: AppRegistry, db: Db, s: ScreenScope) => {
  const ids = sql`(select v.id from villages v where v.tenant_id = ${s.tenantId} and v.id = any(${intArray(s.villageIds)}))`;
  const f = await deviceFiguresOf(registry, db, ids);
  const doors = doorsOf(f);
  const devices: IotItem[] = [
    item('parking', '车辆卡口', f.parking, ENABLED),
    item('video', '摄像机', f.video, ENABLED),
    item('door', '门禁', doors, ONLINE),
    item('microGate', '微卡口', NONE, ONLINE),
    item('smoke', '烟感', NONE, ONLINE),
    item('hydrant', '消防栓', NONE, ONLINE),
  ];
  const iotTypes: IotItem[] = [
    item('access', '门禁', doors, ONLINE),
    item('monitor', '监控', f.video, ENABLED),
    item('parking', '停车', f.parking, ENABLED),
    item('elevator', '梯控', NONE, ONLINE),
    item('manhole', '井盖', NONE, ONLINE),
  ];
  return { devices, iotTypes };
};
