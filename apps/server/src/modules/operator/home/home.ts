import type {
  CountItem,
  HomeCompany,
  HomeReminder,
  HomeShortcut,
  IotItem,
  MonthSeries,
  OperatorHome,
} from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { formatDate } from '../../../core/time.ts';
import { menus } from '../../rbac/index.ts';
import { deviceFiguresOf, type DeviceKind } from './device-figures.ts';
import { fenToYuan, monthsBack, perMonth, q, tenantScope } from './scope.ts';

/** the home page itself is no shortcut */
const HOME_PATH = dashboardApi.operatorHome.path;
export const EXPIRE_TENANT_LIST = '/Sys/CarrierOperator/ExpireTenant/listConfig';
export const EXPIRE_VILLAGE_LIST = '/Sys/CarrierOperator/ExpireVillage/listConfig';
const EXPIRE_OPERATOR_LIST = '/Sys/CarrierOperator/ExpireOperator/listConfig';
const ORDER_LIST = '/Web/Renewal/RenewalOrder/listConfig';
const TENANT_LIST = '/Operator/Tenant/listConfig';
const VILLAGE_LIST = '/Operator/Village/listConfig';
/** how far ahead an expiry counts as a to-do */
const EXPIRY_WINDOW = 30;

/** the IoT cards: door controllers heard from lately, lanes and cameras switched on, and the alerts handled */
const IOT: readonly [DeviceKind, string, string, string][] = [
  ['door', '门禁', '在线', '离线'],
  ['unitDoor', '单元门禁', '在线', '离线'],
  ['parking', '智慧停车', '启用', '停用'],
  ['video', '安防视频', '启用', '停用'],
];

const iotList = async (db: Db, caller: Caller, registry: AppRegistry): Promise<IotItem[]> => {
  const s = tenantScope(caller.actor);
  const villages = sql`(select v.id from villages v join tenants t on t.id = v.tenant_id where ${s})`;
  const [figures, [alerts]] = await Promise.all([
    deviceFiguresOf(registry, db, villages),
    q<{ handled: string; open: string }>(
      db,
      sql`select count(*) filter (where a.handled = 1) as handled, count(*) filter (where a.handled <> 1) as open
        from abnormal_alerts a where a.village_id in ${villages}`,
    ),
  ]);
  const devices = IOT.map(([key, title, onLabel, offLabel]): IotItem => {
    const f = figures[key];
    return { key, title, online: f?.on ?? 0, offline: f?.off ?? 0, onLabel, offLabel, connected: f !== undefined };
  });
  const alarm: IotItem = {
    key: 'alarm',
    title: '异常告警',
    online: Number(alerts?.handled ?? 0),
    offline: Number(alerts?.open ?? 0),
    onLabel: '已处理',
    offLabel: '未处理',
    connected: true,
  };
  return [...devices, alarm];
};

type Counts = {
  operators: string;
  tenants: string;
  villages: string;
  buildings: string;
  houses: string;
  persons: string;
};

const baseCounts = async (db: Db, caller: Caller): Promise<CountItem[]> => {
  const s = tenantScope(caller.actor);
  const [c] = await q<Counts>(
    db,
    sql`select (select count(*) from operators) as operators,
      (select count(*) from tenants t where ${s}) as tenants,
      (select count(*) from villages v join tenants t on t.id = v.tenant_id where ${s}) as villages,
      (select count(*) from buildings b join tenants t on t.id = b.tenant_id where ${s}) as buildings,
      (select count(*) from houses h join tenants t on t.id = h.tenant_id where ${s}) as houses,
      (select count(*) from gate_persons p join tenants t on t.id = p.tenant_id where ${s}) as persons`,
  );
  const items: CountItem[] = [
    { key: 'tenants', title: '物业公司', num: Number(c?.tenants), dw: '家', url: TENANT_LIST },
    { key: 'villages', title: '小区', num: Number(c?.villages), dw: '个', url: VILLAGE_LIST },
    { key: 'buildings', title: '楼栋', num: Number(c?.buildings), dw: '栋', url: '' },
    { key: 'houses', title: '房屋', num: Number(c?.houses), dw: '套', url: '' },
    { key: 'persons', title: '住户', num: Number(c?.persons), dw: '人', url: '' },
  ];
  if (caller.actor.kind !== 'sys') return items;
  return [
    {
      key: 'operators',
      title: '运营商',
      num: Number(c?.operators),
      dw: '家',
      url: '/Sys/CarrierOperator/Operator/listConfig',
    },
    ...items,
  ];
};

/** New companies, villages and residents per month over the last 12 months (Asia/Shanghai months). */
const lineList = async (db: Db, caller: Caller, today: string): Promise<MonthSeries> => {
  const months = monthsBack(today, 12);
  const s = tenantScope(caller.actor);
  const from = `${months[0]}-01`;
  const m = (col: string) => sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`);
  const since = (col: string) => sql`${sql.raw(col)} >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'`;
  type R = { m: string; n: string };
  const [ts, vs, ps] = await Promise.all([
    q<R>(
      db,
      sql`select ${m('t.created_at')} as m, count(*) as n from tenants t where ${s} and ${since('t.created_at')} group by 1`,
    ),
    q<R>(
      db,
      sql`select ${m('v.created_at')} as m, count(*) as n from villages v join tenants t on t.id = v.tenant_id
        where ${s} and ${since('v.created_at')} group by 1`,
    ),
    q<R>(
      db,
      sql`select ${m('p.created_at')} as m, count(*) as n from gate_persons p join tenants t on t.id = p.tenant_id
        where ${s} and ${since('p.created_at')} group by 1`,
    ),
  ]);
  return {
    months,
    series: [
      { name: '新增物业公司', data: perMonth(months, ts) },
      { name: '新增小区', data: perMonth(months, vs) },
      { name: '新增住户', data: perMonth(months, ps) },
    ],
  };
};

/** Shortcuts: the caller's pages of his own app (the home page aside), in menu order. */
const shortcuts = async (db: Db, caller: Caller): Promise<HomeShortcut[]> => {
  const rows = await db
    .select({ title: menus.menuName, url: menus.routePath, icon: menus.icon, name: menus.routeName })
    .from(menus)
    .where(
      and(
        eq(menus.appType, caller.actor.kind),
        eq(menus.menuType, 1),
        eq(menus.visible, 1),
        ne(menus.routePath, HOME_PATH),
      ),
    )
    .orderBy(asc(menus.parentId), asc(menus.sort), asc(menus.id));
  return rows
    .filter((r) => r.url && caller.perms.has(`${r.name}:view`))
    .map((r) => ({ title: r.title, url: r.url, icon: r.icon }));
};

type Tasks = {
  expire_tenants: string;
  expire_villages: string;
  unpaid_orders: string;
  new_tenants: string;
  month_paid: string;
  month_share: string;
};

/** The operator's to-do counts, each opening the list it counts. */
const tasks = async (db: Db, caller: Caller, today: string): Promise<CountItem[]> => {
  const s = tenantScope(caller.actor);
  const monthStart = sql`(${`${today.slice(0, 7)}-01`}::date)::timestamp at time zone 'Asia/Shanghai'`;
  const [r] = await q<Tasks>(
    db,
    sql`select
      (select count(*) from tenants t where ${s} and t.service_expire <= ${today}::date + ${EXPIRY_WINDOW}::int) as expire_tenants,
      (select count(*) from villages v join tenants t on t.id = v.tenant_id
        where ${s} and coalesce(v.expire_date, t.service_expire) <= ${today}::date + ${EXPIRY_WINDOW}::int) as expire_villages,
      (select count(*) from service_orders o join tenants t on t.id = o.tenant_id where ${s} and o.state = 'NOTPAY') as unpaid_orders,
      (select count(*) from tenants t where ${s} and t.created_at >= ${monthStart}) as new_tenants,
      (select coalesce(sum(o.amount), 0) from service_orders o join tenants t on t.id = o.tenant_id
        where ${s} and o.state = 'SUCCESS' and o.paid_at >= ${monthStart}) as month_paid,
      (select coalesce(sum(o.share_amount), 0) from service_orders o join tenants t on t.id = o.tenant_id
        where ${s} and o.state = 'SUCCESS' and o.paid_at >= ${monthStart}) as month_share`,
  );
  return [
    { key: 'expireTenant', title: '到期物业公司', num: Number(r?.expire_tenants), dw: '家', url: EXPIRE_TENANT_LIST },
    { key: 'expireVillage', title: '到期小区', num: Number(r?.expire_villages), dw: '个', url: EXPIRE_VILLAGE_LIST },
    { key: 'unpaidOrder', title: '待支付续费订单', num: Number(r?.unpaid_orders), dw: '单', url: ORDER_LIST },
    { key: 'newTenant', title: '本月新增物业公司', num: Number(r?.new_tenants), dw: '家', url: TENANT_LIST },
    { key: 'monthPaid', title: '本月续费金额', num: fenToYuan(r?.month_paid).toFixed(2), dw: '元', url: ORDER_LIST },
    { key: 'monthShare', title: '本月分成', num: fenToYuan(r?.month_share).toFixed(2), dw: '元', url: ORDER_LIST },
  ];
};

type Due = { key: string; name: string; expire: string; days: number };

/** Companies, villages and the operator's own contract expiring within the window or lapsed, soonest first. */
const reminders = async (db: Db, caller: Caller, today: string): Promise<HomeReminder[]> => {
  const s = tenantScope(caller.actor);
  const rows = await q<Due>(
    db,
    sql`(select 'tenant' as key, t.name, t.service_expire::text as expire, (t.service_expire - ${today}::date) as days
        from tenants t where ${s} and t.service_expire <= ${today}::date + ${EXPIRY_WINDOW}::int)
      union all
      (select 'village', v.name, coalesce(v.expire_date, t.service_expire)::text,
        (coalesce(v.expire_date, t.service_expire) - ${today}::date)
        from villages v join tenants t on t.id = v.tenant_id
        where ${s} and coalesce(v.expire_date, t.service_expire) <= ${today}::date + ${EXPIRY_WINDOW}::int)
      union all
      (select 'operator', o.name, o.expire_date::text, (o.expire_date - ${today}::date) from operators o
        where o.id = ${caller.actor.operatorId ?? -1} and o.expire_date <= ${today}::date + ${EXPIRY_WINDOW}::int)
      order by days, name limit 20`,
  );
  const label = { tenant: '物业公司', village: '小区', operator: '运营合同' } as Record<string, string>;
  const url = { tenant: EXPIRE_TENANT_LIST, village: EXPIRE_VILLAGE_LIST, operator: EXPIRE_OPERATOR_LIST } as Record<
    string,
    string
  >;
  return rows.map((r) => {
    const days = Number(r.days);
    const when = days < 0 ? `已过期${-days}天` : days === 0 ? '今天到期' : `将于${r.expire}到期（剩余${days}天）`;
    return {
      key: `${r.key}:${r.name}`,
      title: `${label[r.key] ?? ''}“${r.name}”${when}`,
      expire: r.expire,
      daysLeft: days,
      url: r.key === 'operator' ? '' : (url[r.key] ?? ''),
    };
  });
};

type CompanyRow = Omit<HomeCompany, 'days_left'> & { days_left: number | null };

/** The operator's companies with their villages, houses, owners, residents and expiry, soonest expiry first. */
const companies = async (db: Db, caller: Caller, today: string): Promise<HomeCompany[]> => {
  const s = tenantScope(caller.actor);
  const rows = await q<CompanyRow>(
    db,
    sql`select t.id, t.name, coalesce(t.service_expire::text, '') as service_expire,
      (t.service_expire - ${today}::date) as days_left,
      (select count(*) from villages v where v.tenant_id = t.id) as villages,
      (select count(*) from houses h where h.tenant_id = t.id) as houses,
      (select count(*) from gate_persons p where p.tenant_id = t.id and p.personnel_type = 1) as owners,
      (select count(*) from gate_persons p where p.tenant_id = t.id) as persons
      from tenants t where ${s} order by t.service_expire asc nulls last, t.id limit 100`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    villages: Number(r.villages),
    houses: Number(r.houses),
    owners: Number(r.owners),
    persons: Number(r.persons),
    service_expire: r.service_expire,
    days_left: r.days_left === null ? null : Number(r.days_left),
  }));
};

/**
 * 运营首页: the platform sees its counts over everything (super mode); an operator sees its own
 * companies only — shortcuts, to-dos, expiry reminders and its companies table.
 */
export const operatorHome = async (db: Db, caller: Caller, registry: AppRegistry): Promise<OperatorHome> => {
  const today = formatDate(new Date());
  const [me] = await q<{ name: string; operator: string | null; expire: string | null }>(
    db,
    sql`select u.name, o.name as operator, o.expire_date::text as expire from users u
      left join operators o on o.id = u.operator_id where u.id = ${caller.actor.id}`,
  );
  const [base, lines, iot] = await Promise.all([
    baseCounts(db, caller),
    lineList(db, caller, today),
    iotList(db, caller, registry),
  ]);
  const common = { name: me?.name ?? '', baseItem: base, iotList: iot, lineList: lines };
  if (caller.actor.kind === 'sys') return { super: true, ...common };
  const [modules, todo, due, footer] = await Promise.all([
    shortcuts(db, caller),
    tasks(db, caller, today),
    reminders(db, caller, today),
    companies(db, caller, today),
  ]);
  return {
    super: false,
    ...common,
    operatorName: me?.operator ?? '',
    expireDate: me?.expire ?? '',
    modules,
    tasks: todo,
    reminders: due,
    footer,
  };
};
