import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { workers } from '../modules/estate/schema.ts';
import { createServiceBill } from '../modules/fees/index.ts';
import { paidServices, repairCategories, repairOrders, repairTimeline } from '../modules/repair/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type RepairSeedIds = {
  tenantA: number;
  tenantB: number;
  villagesA: [number, number];
  villageB: number;
  staffUserId: number;
};

const problems = [
  '厨房水管漏水',
  '卫生间下水道堵塞',
  '客厅灯具不亮',
  '入户门锁损坏',
  '电梯按钮失灵',
  '楼道照明损坏',
  '窗户关不严',
  '空调外机异响',
  '墙面渗水发霉',
  '单元门禁无法刷卡',
];
const people = ['陈女士', '吴先生', '郑阿姨', '王先生', '李女士', '周先生', '刘阿姨', '孙先生'];

/**
 * Three weeks of work orders of company A in every state (a few for B), categories with their SLA,
 * the staff user as a worker of both A villages, paid services and one paid order waiting for its bill.
 * Set-based: a handful of statements.
 */
export const seedRepair = async (tx: Tx, ids: RepairSeedIds) => {
  const [a1, a2] = ids.villagesA;
  const cats = await tx
    .insert(repairCategories)
    .values([
      { tenantId: ids.tenantA, name: '水电维修', responseMinutes: 30, completeMinutes: 240, sort: 1 },
      { tenantId: ids.tenantA, name: '门窗维修', responseMinutes: 60, completeMinutes: 1440, sort: 2 },
      { tenantId: ids.tenantA, name: '电梯故障', responseMinutes: 15, completeMinutes: 120, sort: 3 },
      { tenantId: ids.tenantA, name: '公共设施', responseMinutes: 120, completeMinutes: 2880, sort: 4 },
      { tenantId: ids.tenantB, name: '综合维修', responseMinutes: 60, completeMinutes: 1440, sort: 1 },
    ])
    .returning({ id: repairCategories.id });
  const ws = await tx
    .insert(workers)
    .values([
      {
        tenantId: ids.tenantA,
        villageId: a1,
        name: '张师傅',
        sectionName: '工程部',
        phone: '13800000011',
        userId: ids.staffUserId,
      },
      {
        tenantId: ids.tenantA,
        villageId: a2,
        name: '张师傅',
        sectionName: '工程部',
        phone: '13800000011',
        userId: ids.staffUserId,
      },
      { tenantId: ids.tenantA, villageId: a1, name: '李师傅', sectionName: '工程部', phone: '13857100021' },
      { tenantId: ids.tenantB, villageId: ids.villageB, name: '孙师傅', sectionName: '综合部', phone: '13857100031' },
    ])
    .returning({ id: workers.id });
  const svc = await tx
    .insert(paidServices)
    .values([
      { tenantId: ids.tenantA, villageId: a1, name: '疏通下水道', price: 8000, unit: '次' },
      { tenantId: ids.tenantA, villageId: a1, name: '更换灯具', price: 3000, unit: '个' },
      { tenantId: ids.tenantA, villageId: a2, name: '家电清洗', price: 12000, unit: '次' },
      { tenantId: ids.tenantB, villageId: ids.villageB, name: '开锁换锁', price: 15000, unit: '次' },
    ])
    .returning({ id: paidServices.id });
  const catA = cats.slice(0, 4).map((c) => c.id);
  const [zhang1, zhang2, li, sun] = ws.map((w) => w.id);
  // status cycles through every state; the newest ones are still open, so the SLA column shows both time left and overdue
  const statusOf = [0, 1, 2, 3, 5, 6, 7, 8, 7, 6, 3, 1];
  const text = (arr: string[]) => sql.raw(`(array[${arr.map((s) => `'${s}'`).join(',')}])`);
  await tx.execute(sql`
    insert into repair_orders (tenant_id, village_id, house_id, person_name, tel, address, problem, category_id, urgency, source, status, worker_id, content,
      wctime, dispatched_at, accepted_at, started_at, completed_at, result, rating, comment, visited_at, closed_at, cancel_reason, created_at, updated_at)
    select ${ids.tenantA}::int, v, h, ${text(people)}[1 + i % 8], '1370000' || lpad((1000 + i)::text, 4, '0'), '', ${text(problems)}[1 + i % 10],
      (${sql.raw(`array[${catA.join(',')}]`)})[1 + i % 4], 1 + (i % 7 = 0)::int, 1 + i % 3, s,
      case when s between 1 and 7 then case when i % 3 = 0 then ${li}::int when v = ${a1}::int then ${zhang1}::int else ${zhang2}::int end end,
      case when s between 1 and 7 then '请尽快上门处理' else '' end,
      case when s between 1 and 7 then t + interval '1 day' end,
      case when s between 1 and 7 then t + interval '20 minutes' end,
      case when s between 2 and 7 then t + interval '40 minutes' end,
      case when s between 3 and 7 then t + interval '2 hours' end,
      case when s between 5 and 7 then t + interval '5 hours' end,
      case when s between 5 and 7 then '已处理完毕，住户确认正常' else '' end,
      case when s in (6, 7) then 3 + i % 3 end, case when s in (6, 7) then '师傅很专业' else '' end,
      case when s in (6, 7) then t + interval '1 day' end, case when s in (7, 8) then t + interval '2 days' end,
      case when s = 8 then '住户已自行处理' else '' end, t, t
    from (
      select i, (array[${sql.raw(statusOf.join(','))}])[1 + i % ${statusOf.length}::int] as s,
        case when i % 2 = 0 then ${a1}::int else ${a2}::int end as v,
        now() - make_interval(hours => case when i < 6 then i * 2 else i * 11 end) as t
      from generate_series(0, 47) i
    ) x
    cross join lateral (select id as h from houses where village_id = x.v order by id offset (x.i % 30) limit 1) hh
    union all
    select ${ids.tenantB}::int, ${ids.villageB}::int, null::int, '何先生', '13700000004', '安居小区 5 幢', '楼道灯不亮', ${cats[4]!.id}::int, 1, 1, s,
      case when s > 0 then ${sun}::int end, case when s > 0 then '请处理' else '' end, null::timestamptz, null::timestamptz, null::timestamptz, null::timestamptz, null::timestamptz, '', null::int, '', null::timestamptz, null::timestamptz, '', now() - make_interval(days => s), now()
    from generate_series(0, 2) s`);
  // the timeline of every seeded order: report, then each step up to its state
  await tx.execute(sql`
    insert into ${repairTimeline} (tenant_id, order_id, user_name, action, from_status, to_status, note, created_at)
    select o.tenant_id, o.id, case when st.t in (2, 3, 5) then coalesce((select w.name from workers w where w.id = o.worker_id), '') else '物业管理员' end, st.a, st.f, st.t, '', o.created_at + st.d
    from ${repairOrders} o
    cross join (values (null::int, 0, '报修', interval '0'), (0, 1, '派单', interval '20 minutes'), (1, 2, '接单', interval '40 minutes'), (2, 3, '开始处理', interval '2 hours'),
                       (3, 5, '完成', interval '5 hours'), (5, 6, '回访', interval '1 day'), (6, 7, '关闭', interval '2 days')) st(f, t, a, d)
    where st.t = 0 or (o.status between 1 and 7 and st.t <= o.status)`);
  await tx.execute(sql`
    insert into ${repairTimeline} (tenant_id, order_id, user_name, action, from_status, to_status, note, created_at)
    select tenant_id, id, '阳光物业管理员', '取消', 0, 8, cancel_reason, created_at + interval '2 days' from ${repairOrders} where status = 8`);
  // a paid order of 阳光花园 waiting for its bill (疏通下水道 + materials)
  const [paid] = await tx
    .insert(repairOrders)
    .values({
      tenantId: ids.tenantA,
      villageId: a1,
      houseId: sql`(select id from houses where village_id = ${a1} order by id limit 1)`,
      personName: '王先生',
      tel: '13700001999',
      problem: '卫生间下水道堵塞，需要疏通',
      categoryId: catA[0],
      source: 2,
      status: 4,
      workerId: zhang1,
      content: '上门疏通',
      wctime: sql`now() + interval '1 day'`,
      dispatchedAt: sql`now() - interval '3 hours'`,
      acceptedAt: sql`now() - interval '170 minutes'`,
      startedAt: sql`now() - interval '2 hours'`,
      completedAt: sql`now() - interval '1 hour'`,
      result: '已疏通，更换存水弯',
      materialCost: 2500,
      paidServiceId: svc[0]!.id,
      createdAt: sql`now() - interval '4 hours'`,
    })
    .returning({ id: repairOrders.id, houseId: repairOrders.houseId, createdAt: repairOrders.createdAt });
  const bill = await createServiceBill(tx, {
    tenantId: ids.tenantA,
    villageId: a1,
    houseId: paid!.houseId!,
    workOrderId: paid!.id,
    date: paid!.createdAt.toISOString().slice(0, 10),
    name: '有偿服务-疏通下水道',
    amount: 10500,
    formula: '服务费¥80.00 + 材料费¥25.00 + 人工费¥0.00 = ¥105.00',
  });
  await tx
    .update(repairOrders)
    .set({ billId: bill.id })
    .where(sql`${repairOrders.id} = ${paid!.id}`);
  // every step the real flow writes, at the times the order carries: 报修 → 派单 → 接单 → 开始处理 → 完成
  const at = (minutesAgo: number) => sql`now() - make_interval(mins => ${minutesAgo})`;
  const step = { tenantId: ids.tenantA, orderId: paid!.id };
  await tx.insert(repairTimeline).values([
    { ...step, userName: '阳光物业管理员', action: '报修', toStatus: 0, createdAt: at(240) },
    { ...step, userName: '阳光物业管理员', action: '派单', fromStatus: 0, toStatus: 1, createdAt: at(180) },
    { ...step, userName: '张师傅', action: '接单', fromStatus: 1, toStatus: 2, createdAt: at(170) },
    { ...step, userName: '张师傅', action: '开始处理', fromStatus: 2, toStatus: 3, createdAt: at(120) },
    {
      ...step,
      userName: '张师傅',
      action: '完成',
      fromStatus: 3,
      toStatus: 4,
      note: '已疏通；账单¥105.00待缴',
      createdAt: at(60),
    },
  ]);
  // event reports: complaints and suggestions beside the incidents the base seed writes
  await tx.execute(sql`
    insert into report_things (tenant_id, village_id, type, person_name, tel, problem, address, status, is_read, answer, created_at)
    values (${ids.tenantA}, ${a1}, 1, '周先生', '13700000011', '夜间广场舞噪音扰民', '阳光花园 中心广场', 0, false, '', now() - interval '5 hours'),
           (${ids.tenantA}, ${a2}, 2, '刘阿姨', '13700000012', '建议增加电动车充电桩', '翠湖名苑 2 幢', 2, true, '已列入本季度改造计划', now() - interval '3 days'),
           (${ids.tenantA}, ${a1}, 3, '孙先生', '13700000013', '绿化带有枯树枝', '阳光花园 6 幢旁', 3, true, '', now() - interval '6 days')`);
};
