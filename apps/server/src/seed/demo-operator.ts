import { eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { formatDate } from '../core/time.ts';
import { operators, tenants, villages } from '../modules/tenancy/schema.ts';
import { users } from '../modules/auth/schema.ts';
import { services } from '../modules/fees/schema.ts';
import { expiryChanges } from '../modules/operator/schema.ts';
import { copyTemplateRoles } from '../modules/operator/clients/onboard.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 'YYYY-MM-DD' n days from today (Asia/Shanghai), so the demo's expiries stay near whenever it is seeded. */
export const daysFromToday = (n: number) => formatDate(new Date(Date.now() + n * 86_400_000));

/**
 * The platform's side of the demo: the first operator's regions, plan and share; a company about to expire
 * (惠民物业, 5 days) and one already lapsed (康居物业, 10 days ago), each with its super administrator and a
 * village; a village of 阳光物业 with its own end in 20 days; and a second operator whose contract ends in 12
 * days and which has no company yet.
 */
export const seedOperatorDemo = async (tx: Tx, ids: { operatorId: number; villageA: number; passwordHash: string }) => {
  const plan = await tx.select({ id: services.id }).from(services).where(ne(services.code, 'platform'));
  await tx
    .update(operators)
    .set({
      regionCodes: ['330100'],
      regionCode: '330100',
      startDate: '2025-01-01',
      sharePercent: '20',
      serviceIds: plan.map((s) => s.id),
      remark: '杭州地区的演示运营商',
    })
    .where(eq(operators.id, ids.operatorId));
  const [tC, tD] = await tx
    .insert(tenants)
    .values([
      {
        operatorId: ids.operatorId,
        name: '惠民物业服务有限公司',
        contact: '赵磊',
        phone: '13800000003',
        startDate: daysFromToday(-360),
        serviceExpire: daysFromToday(5),
      },
      {
        operatorId: ids.operatorId,
        name: '康居物业管理有限公司',
        contact: '钱芳',
        phone: '13800000004',
        startDate: daysFromToday(-375),
        serviceExpire: daysFromToday(-10),
      },
    ])
    .returning({ id: tenants.id });
  await tx.insert(villages).values([
    {
      tenantId: tC!.id,
      name: '惠民家园',
      regionCode: '330108',
      address: '浙江省杭州市滨江区江南大道 300 号',
      lonlat: '120.2103,30.2085',
    },
    {
      tenantId: tD!.id,
      name: '康居花苑',
      regionCode: '330110',
      address: '浙江省杭州市余杭区文一西路 900 号',
      lonlat: '120.0125,30.2871',
    },
  ]);
  await tx.insert(users).values([
    {
      kind: 'web',
      tenantId: tC!.id,
      userName: 'propertyc',
      name: '惠民物业管理员',
      passwordHash: ids.passwordHash,
      isSuper: true,
      phone: '13800000003',
    },
    {
      kind: 'web',
      tenantId: tD!.id,
      userName: 'propertyd',
      name: '康居物业管理员',
      passwordHash: ids.passwordHash,
      isSuper: true,
      phone: '13800000004',
    },
  ]);
  await copyTemplateRoles(tx, 'web', { tenantId: tC!.id });
  await copyTemplateRoles(tx, 'web', { tenantId: tD!.id });
  await tx
    .update(villages)
    .set({ expireDate: daysFromToday(20) })
    .where(eq(villages.id, ids.villageA));
  const [south] = await tx
    .insert(operators)
    .values({
      name: '华南社区运营服务有限公司',
      contact: '黄志强',
      phone: '13900000002',
      regionCode: '440100',
      regionCodes: ['440100'],
      startDate: daysFromToday(-353),
      expireDate: daysFromToday(12),
      sharePercent: '15',
    })
    .returning({ id: operators.id });
  // 延期记录: how those two ends got where they are — the platform gave 华南 30 days while its contract is renegotiated,
  // and the operator gave 翠湖名苑 30 days of its own while 阳光物业's renewal was approved
  await tx.execute(sql`insert into ${expiryChanges} (kind, target_id, operator_id, action, days, from_date, to_date,
      reason, user_kind, user_id, user_name, created_at)
    select c.kind, c.target, c.op, 'extend', 30, c.from_date::date, c.to_date::date, c.reason, u.kind, u.id, u.name,
      now() - make_interval(days => c.ago)
    from (values
      ('operator', ${south!.id}::int, ${south!.id}::int, ${daysFromToday(-18)}, ${daysFromToday(12)}, '续签合同审批中', 'admin', 'sys', 18),
      ('village', ${ids.villageA}::int, ${ids.operatorId}::int, ${daysFromToday(-10)}, ${daysFromToday(20)}, '物业公司续费审批中', 'operator', 'operator', 10)
    ) c(kind, target, op, from_date, to_date, reason, login, login_kind, ago)
    join ${users} u on u.user_name = c.login and u.kind = c.login_kind`);
  // the demo's companies joined over the past year, not all today: the home's and cockpit's monthly trends show it
  await tx.execute(sql`
    with first as (select id, row_number() over (order by id) as n from ${tenants}
      where operator_id = ${ids.operatorId} and start_date is null)
    update ${tenants} t set start_date = (${daysFromToday(0)}::date - (420 - 90 * first.n)::int)
    from first where t.id = first.id`);
  await tx.execute(sql`update ${tenants} set created_at = start_date + time '09:30'
    where operator_id = ${ids.operatorId} and start_date is not null`);
  await tx.execute(sql`update ${villages} v set created_at = t.created_at + make_interval(days => 7 + (v.id % 4) * 5)
    from ${tenants} t where v.tenant_id = t.id and t.operator_id = ${ids.operatorId}`);
  return { tenantC: tC!.id, tenantD: tD!.id };
};
