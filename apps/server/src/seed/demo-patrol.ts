import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { formatDate } from '../core/time.ts';
import { workers } from '../modules/estate/schema.ts';
import { generatePatrolTasks } from '../modules/patrol/index.ts';
import { patrolPoints, patrolRoutePoints, patrolRoutes } from '../modules/patrol/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PatrolSeedIds = {
  tenantA: number;
  tenantB: number;
  villagesA: [number, number];
  villageB: number;
  staffUserId: number;
};

type PointSeed = [name: string, type: number, lonlat: string, address: string];
const sunshinePoints: PointSeed[] = [
  ['东门岗亭', 4, '120.1305,30.2793', '东门入口'],
  ['1幢地下车库', 2, '120.1298,30.2786', '1幢负一层'],
  ['配电房', 2, '120.1309,30.2781', '3幢北侧'],
  ['中心花园', 1, '120.1301,30.2789', '小区中央'],
  ['消防泵房', 3, '120.1294,30.2795', '5幢负一层'],
  ['北门', 4, '120.1300,30.2799', '北门入口'],
];
const jadePoints: PointSeed[] = [
  ['南门岗亭', 4, '120.1170,30.2895', '南门入口'],
  ['湖边步道', 1, '120.1163,30.2903', '景观湖东侧'],
  ['消防控制室', 3, '120.1172,30.2906', '物业楼一层'],
  ['地库入口', 2, '120.1166,30.2898', '2幢东侧'],
];
const anjuPoints: PointSeed[] = [
  ['大门', 4, '120.1452,30.3012', '小区大门'],
  ['垃圾房', 1, '120.1455,30.3016', '5幢西侧'],
];

const time = (type: number, times: [string, string][], week: number[] = []) =>
  JSON.stringify({ type, week, month: [], times: times.map(([start, end]) => ({ start, end })) });

/**
 * Patrol points with their places in the demo villages (a few for company B), a daily and a weekly route of
 * company A dispatched to 张师傅 two weeks ago and a daily one of B, their tasks from two weeks back to a week
 * ahead through the generator, and the past walks: most on time, some half late, some given up half way, some
 * never started — the late and unfinished ones 已漏巡 with their alerts counted as raised (history, not news).
 */
export const seedPatrol = async (tx: Tx, ids: PatrolSeedIds) => {
  const [sunshine, jade] = ids.villagesA;
  const pointRows = (tenantId: number, villageId: number, prefix: string, list: PointSeed[]) =>
    list.map(([name, pointType, lonlat, address], i) => ({
      tenantId,
      villageId,
      name,
      pointType,
      lonlat,
      address,
      pointNo: `${prefix}${String(i + 1).padStart(2, '0')}`,
      sort: i + 1,
    }));
  const points = await tx
    .insert(patrolPoints)
    .values([
      ...pointRows(ids.tenantA, sunshine, 'YG', sunshinePoints),
      ...pointRows(ids.tenantA, jade, 'CH', jadePoints),
      ...pointRows(ids.tenantB, ids.villageB, 'AJ', anjuPoints),
    ])
    .returning({ id: patrolPoints.id, villageId: patrolPoints.villageId });
  const ofVillage = (v: number) => points.filter((p) => p.villageId === v).map((p) => p.id);
  const guard = async (tenantId: number, villageId: number, userId?: number) => {
    const rows = await tx
      .select({ id: workers.id })
      .from(workers)
      .where(
        sql`${workers.tenantId} = ${tenantId} and ${workers.villageId} = ${villageId} ${userId ? sql`and ${workers.userId} = ${userId}` : sql``}`,
      )
      .orderBy(workers.id)
      .limit(1);
    return rows[0]?.id;
  };
  const [zhangSunshine, zhangJade, sunB] = [
    await guard(ids.tenantA, sunshine, ids.staffUserId),
    await guard(ids.tenantA, jade, ids.staffUserId),
    await guard(ids.tenantB, ids.villageB),
  ];
  const dispatchedAt = new Date(Date.now() - 15 * 86_400_000);
  const routes = await tx
    .insert(patrolRoutes)
    .values([
      {
        tenantId: ids.tenantA,
        villageId: sunshine,
        name: '阳光花园日常巡逻',
        patrolTime: time(1, [
          ['09:00:00', '10:00:00'],
          ['21:00:00', '22:00:00'],
        ]),
        staffIds: String(zhangSunshine ?? ''),
        handler: '王经理',
        dispatchedAt,
      },
      {
        tenantId: ids.tenantA,
        villageId: jade,
        name: '翠湖名苑消防周巡',
        patrolTime: time(2, [['14:00:00', '15:30:00']], [1, 3, 5]),
        staffIds: String(zhangJade ?? ''),
        handler: '王经理',
        dispatchedAt,
      },
      {
        tenantId: ids.tenantB,
        villageId: ids.villageB,
        name: '安居小区夜巡',
        patrolTime: time(1, [['22:00:00', '23:00:00']]),
        staffIds: String(sunB ?? ''),
        handler: '赵主管',
        dispatchedAt,
      },
    ])
    .returning({ id: patrolRoutes.id, tenantId: patrolRoutes.tenantId });
  const chains = [ofVillage(sunshine).slice(0, 5), ofVillage(jade), ofVillage(ids.villageB)];
  await tx
    .insert(patrolRoutePoints)
    .values(
      routes.flatMap((r, i) =>
        chains[i]!.map((pointId, k) => ({ tenantId: r.tenantId, routeId: r.id, seq: k + 1, pointId })),
      ),
    );
  const routeIds = routes.map((r) => r.id);
  await generatePatrolTasks(tx, { from: formatDate(dispatchedAt), days: 22, routeIds });
  const routeList = sql.raw(routeIds.join(','));
  // the walks of every window that has closed: by task id, 9 in 12 on time, then one half late, one half walked, one untouched
  await tx.execute(sql`
    insert into patrol_checkins (tenant_id, village_id, task_id, point_id, worker_id, user_id, checked_at, verdict, note, created_at)
    select t.tenant_id, t.village_id, t.id, rp.point_id, t.worker_id, coalesce(w.user_id, 0), c.at, c.verdict,
           case when c.verdict = 2 then '临时处理住户求助，晚到' else '' end, c.at
    from patrol_tasks t
    join patrol_route_points rp on rp.route_id = t.route_id
    left join workers w on w.id = t.worker_id
    cross join lateral (select t.id % 12 as k, (t.points_total + 1) / 2 as half) s
    cross join lateral (
      select case when s.k <= 8 or rp.seq <= s.half then 1 else 2 end as verdict,
             case when s.k <= 8 or rp.seq <= s.half
                  then t.window_start + make_interval(mins => rp.seq * 6 + (t.id % 4)::int)
                  else t.window_end + make_interval(mins => 10 + rp.seq * 4) end as at
    ) c
    where t.route_id in (${routeList}) and t.window_end < now()
      and (s.k <= 9 or (s.k = 10 and rp.seq <= s.half))`);
  // a scan of a point on none of his routes, now and then
  await tx.execute(sql`
    insert into patrol_checkins (tenant_id, village_id, task_id, point_id, worker_id, user_id, checked_at, verdict, note, created_at)
    select ${ids.tenantA}::int, ${sunshine}::int, null, ${ofVillage(sunshine).at(-1)!}::int, ${zhangSunshine ?? 0}::int, ${ids.staffUserId}::int,
           d, 3, '', d
    from generate_series(now() - interval '12 days', now() - interval '1 day', interval '4 days') d`);
  await tx.execute(sql`
    update patrol_tasks t set
      points_done = n.done,
      status = case when n.done >= t.points_total then 2 else 3 end,
      completed_at = case when n.done >= t.points_total then n.last end,
      missed_alerted = n.done < t.points_total
    from (select t2.id, count(distinct c.point_id) filter (where c.verdict = 1)::int as done, max(c.checked_at) as last
          from patrol_tasks t2 left join patrol_checkins c on c.task_id = t2.id
          where t2.route_id in (${routeList}) and t2.window_end < now()
          group by t2.id) n
    where t.id = n.id`);
};
