import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { operators, tenants, villages } from '../modules/tenancy/schema.ts';
import { users } from '../modules/auth/schema.ts';
import { menus, roleMenus, roleResources, roles, userRoles } from '../modules/rbac/schema.ts';
import { configs, depts, posts } from '../modules/system/schema.ts';
import { reportThings } from '../modules/repair/schema.ts';
import { hashPassword } from '../modules/auth/service.ts';
import { syncProduct } from './catalog.ts';
import { seedEstate } from './estate.ts';
import { seedFees, seedServices } from './fees.ts';
import { seedDashboard } from './demo-dashboard.ts';
import { seedRepair } from './demo-repair.ts';
import { seedNotices } from './demo-notice.ts';
import { seedPatrol } from './demo-patrol.ts';
import { seedParking } from './demo-parking.ts';
import { seedParkingPassages } from './demo-parking-passages.ts';
import { seedAccess } from './demo-access.ts';
import { seedHeldVisitors } from './demo-access-faces.ts';
import { seedOperatorDemo } from './demo-operator.ts';
import { seedStaff } from './demo-staff.ts';
import { seedAuditTrail } from './demo-audit.ts';
import { seedRenewalOrders } from './demo-renewals.ts';
import { seedFeesB, seedRefundsA } from './demo-fees-b.ts';
import { seedVideo } from './demo-video.ts';
import { seedVisitors } from './demo-visitor.ts';
import { seedCommunity } from './demo-community.ts';
import { seedVotes } from './demo-votes.ts';
import { seedSmsLog } from './demo-resident.ts';
import { seedPrevention } from './demo-prevention.ts';
import { seedOneMapB } from './demo-onemap.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The exact demo logins the README lists and the tests rely on. */
export const demoLogins = [
  { page: '/adminlogin', kind: 'sys', user: 'admin', password: 'Admin_2026', who: '平台管理员' },
  { page: '/operatorlogin', kind: 'operator', user: 'operator', password: 'Operator_2026', who: '运营商' },
  { page: '/login', kind: 'web', user: 'property', password: 'Property_2026', who: '阳光物业 超级管理员' },
  { page: '/login', kind: 'web', user: 'staff', password: 'Staff_2026', who: '阳光物业 维修巡更员' },
  { page: '/login', kind: 'web', user: 'propertyb', password: 'Property_2026', who: '安居物业 超级管理员' },
  {
    page: '/login',
    kind: 'web',
    user: 'useradmin',
    password: 'Useradmin_2026',
    who: '阳光物业 用户管理员（仅用户管理）',
  },
  {
    page: '/login',
    kind: 'web',
    user: 'jadeonly',
    password: 'Jadeonly_2026',
    who: '阳光物业 翠湖名苑专员（仅翠湖名苑的小区、楼栋、房屋、住户查看）',
  },
  {
    page: '/login',
    kind: 'web',
    user: 'propertyc',
    password: 'Property_2026',
    who: '惠民物业 超级管理员（5 天后到期）',
  },
  {
    page: '/login',
    kind: 'web',
    user: 'propertyd',
    password: 'Property_2026',
    who: '康居物业 超级管理员（已到期，只读）',
  },
] as const;

/**
 * Gives a role web pages by route name, with their groups; `buttons` adds the pages' buttons and
 * all five resources, otherwise the role only views them (as the permission screen grants them).
 */
const grantPages = async (tx: Tx, roleId: number, pages: string[], buttons: boolean) => {
  const picked = await tx
    .select({ id: menus.id, parentId: menus.parentId })
    .from(menus)
    .where(and(eq(menus.appType, 'web'), eq(menus.menuType, 1), inArray(menus.routeName, pages)));
  const pageIds = picked.map((m) => m.id);
  const extra = buttons
    ? await tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.menuType, 2), inArray(menus.parentId, pageIds)))
    : [];
  const groups = [...new Set(picked.map((m) => m.parentId).filter((id) => id > 0))];
  const menuIds = [...groups, ...pageIds, ...extra.map((m) => m.id)];
  await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  const actions = buttons ? ['add', 'remove', 'edit', 'view', 'export'] : ['view'];
  await tx
    .insert(roleResources)
    .values(pageIds.flatMap((id) => actions.map((a) => ({ roleId, resourceId: `${id}_${a}` }))));
};

export const seedDemo = async (db: Db) => {
  const [admin, op, prop, staff, propB, userAdmin, jadeOnly] = await Promise.all(
    demoLogins.map((l) => hashPassword(l.password)),
  );
  // the demo's roles are granted the product's menus, so they are written first
  await syncProduct(db);
  await db.transaction(async (tx) => {
    const [operator] = await tx
      .insert(operators)
      .values({
        name: '华东智慧社区运营中心',
        contact: '周建国',
        phone: '13900000001',
        regionCode: '330100',
        expireDate: '2027-12-31',
      })
      .returning();
    const [tA, tB] = await tx
      .insert(tenants)
      .values([
        {
          operatorId: operator!.id,
          name: '阳光物业服务有限公司',
          contact: '李明',
          phone: '13800000001',
          serviceExpire: '2027-12-31',
        },
        {
          operatorId: operator!.id,
          name: '安居物业管理有限公司',
          contact: '王芳',
          phone: '13800000002',
          serviceExpire: '2027-06-30',
        },
      ])
      .returning();
    const vs = await tx
      .insert(villages)
      .values([
        {
          tenantId: tA!.id,
          name: '阳光花园',
          regionCode: '330106',
          address: '浙江省杭州市西湖区文三路 188 号',
          lonlat: '120.1301,30.2789',
        },
        {
          tenantId: tA!.id,
          name: '翠湖名苑',
          regionCode: '330106',
          address: '浙江省杭州市西湖区翠苑路 66 号',
          lonlat: '120.1168,30.2901',
        },
        {
          tenantId: tB!.id,
          name: '安居小区',
          regionCode: '330105',
          address: '浙江省杭州市拱墅区莫干山路 520 号',
          lonlat: '120.1452,30.3012',
        },
        {
          tenantId: tB!.id,
          name: '锦绣家园',
          regionCode: '330105',
          address: '浙江省杭州市拱墅区湖墅南路 99 号',
          lonlat: '120.1534,30.2856',
        },
      ])
      .returning();

    const [, , , staffUser, , userAdminUser, jadeOnlyUser] = await tx
      .insert(users)
      .values([
        { kind: 'sys', userName: 'admin', name: '平台管理员', passwordHash: admin!, isSuper: true },
        {
          kind: 'operator',
          operatorId: operator!.id,
          userName: 'operator',
          name: '运营商管理员',
          passwordHash: op!,
          isSuper: true,
        },
        {
          kind: 'web',
          tenantId: tA!.id,
          userName: 'property',
          name: '阳光物业管理员',
          passwordHash: prop!,
          isSuper: true,
          phone: '13800000001',
        },
        {
          kind: 'web',
          tenantId: tA!.id,
          userName: 'staff',
          name: '张师傅',
          passwordHash: staff!,
          phone: '13800000011',
        },
        {
          kind: 'web',
          tenantId: tB!.id,
          userName: 'propertyb',
          name: '安居物业管理员',
          passwordHash: propB!,
          isSuper: true,
          phone: '13800000002',
        },
        {
          kind: 'web',
          tenantId: tA!.id,
          userName: 'useradmin',
          name: '刘倩',
          passwordHash: userAdmin!,
          phone: '13800000012',
        },
        {
          kind: 'web',
          tenantId: tA!.id,
          userName: 'jadeonly',
          name: '陈晓',
          passwordHash: jadeOnly!,
          phone: '13800000013',
        },
      ])
      .returning();

    // staff: only the repair and patrol groups, their pages and buttons
    const [role] = await tx
      .insert(roles)
      .values({
        tenantId: tA!.id,
        name: '维修巡更员',
        code: 'repair_patrol',
        dataScope: 2,
        villageIds: [vs[0]!.id, vs[1]!.id],
        sort: 1,
      })
      .returning();
    await tx.execute(sql`
      with recursive picked as (
        select id from ${menus} where app_type = 'web' and parent_id = 0 and menu_name in ('报修管理', '巡更管理')
        union all
        select m.id from ${menus} m join picked p on m.parent_id = p.id where m.menu_type = 1
      )
      insert into ${roleMenus} (role_id, menu_id) select ${role!.id}, id from picked`);
    // the pages' five resources, as the permission screen grants them
    await tx.execute(sql`
      insert into ${roleResources} (role_id, resource_id)
      select ${role!.id}, m.id || '_' || a from ${menus} m join ${roleMenus} rm on rm.menu_id = m.id and rm.role_id = ${role!.id}
      cross join unnest(array['add', 'remove', 'edit', 'view', 'export']) a
      where m.route_path <> ''`);
    await tx.insert(userRoles).values({ userId: staffUser!.id, roleId: role!.id });
    await tx.insert(roles).values({ tenantId: tB!.id, name: '客服专员', code: 'service', dataScope: 1, sort: 1 });
    // a sub-admin who manages users only, and a clerk who only views one village's estate screens
    const [userAdminRole, jadeRole] = await tx
      .insert(roles)
      .values([
        { tenantId: tA!.id, name: '用户管理员', code: 'user_admin', dataScope: 1, sort: 2 },
        { tenantId: tA!.id, name: '翠湖名苑专员', code: 'jade_clerk', dataScope: 2, villageIds: [vs[1]!.id], sort: 3 },
      ])
      .returning();
    await grantPages(tx, userAdminRole!.id, ['SystemUser'], true);
    await grantPages(tx, jadeRole!.id, ['Village', 'Building', 'House', 'GatePerson'], false);
    await tx.insert(userRoles).values([
      { userId: userAdminUser!.id, roleId: userAdminRole!.id },
      { userId: jadeOnlyUser!.id, roleId: jadeRole!.id },
    ]);

    await tx.insert(depts).values([
      { tenantId: tA!.id, name: '工程部', leader: '张师傅', sort: 1 },
      { tenantId: tA!.id, name: '客服部', leader: '刘倩', sort: 2 },
      { tenantId: tA!.id, name: '秩序部', leader: '赵强', sort: 3 },
      { tenantId: tB!.id, name: '综合部', leader: '孙伟', sort: 1 },
    ]);
    await tx.insert(posts).values([
      { tenantId: tA!.id, name: '维修工', code: 'repairman', sort: 1 },
      { tenantId: tA!.id, name: '保安', code: 'guard', sort: 2 },
      { tenantId: tA!.id, name: '客服', code: 'service', sort: 3 },
      { tenantId: tB!.id, name: '管家', code: 'steward', sort: 1 },
    ]);
    await tx.insert(configs).values([
      { name: '异常监听间隔(毫秒)', configKey: 'abnormal_listen', configValue: '60000', type: 0 },
      { name: '站点名称', configKey: 'site_title', configValue: '5A云小区', type: 0 },
      { tenantId: tA!.id, name: '物业服务电话', configKey: 'service_phone', configValue: '0571-88886666', type: 0 },
    ]);
    await tx.insert(reportThings).values([
      {
        tenantId: tA!.id,
        villageId: vs[0]!.id,
        personName: '陈女士',
        tel: '13700000001',
        problem: '3 号楼电梯异响',
        address: '阳光花园 3 幢 1 单元',
      },
      {
        tenantId: tA!.id,
        villageId: vs[0]!.id,
        personName: '吴先生',
        tel: '13700000002',
        problem: '地下车库照明损坏',
        address: '阳光花园 地下车库 B 区',
      },
      {
        tenantId: tA!.id,
        villageId: vs[1]!.id,
        personName: '郑阿姨',
        tel: '13700000003',
        problem: '小区东门门禁无法刷卡',
        address: '翠湖名苑 东门',
      },
      {
        tenantId: tB!.id,
        villageId: vs[2]!.id,
        personName: '何先生',
        tel: '13700000004',
        problem: '楼道垃圾未清理',
        address: '安居小区 5 幢',
      },
    ]);
    await seedEstate(tx, {
      tenantA: tA!.id,
      tenantB: tB!.id,
      villagesA: [vs[0]!.id, vs[1]!.id],
      villageB: vs[2]!.id,
      roleA: role!.id,
    });
    await seedFees(tx, { tenantA: tA!.id, villagesA: [vs[0]!.id, vs[1]!.id] });
    await seedServices(tx, { tenantA: tA!.id });
    await seedDashboard(tx, { tenantA: tA!.id });
    await seedRepair(tx, {
      tenantA: tA!.id,
      tenantB: tB!.id,
      villagesA: [vs[0]!.id, vs[1]!.id],
      villageB: vs[2]!.id,
      staffUserId: staffUser!.id,
    });
    await seedNotices(tx, { tenantA: tA!.id, tenantB: tB!.id, villagesA: [vs[0]!.id, vs[1]!.id], villageB: vs[2]!.id });
    await seedPatrol(tx, {
      tenantA: tA!.id,
      tenantB: tB!.id,
      villagesA: [vs[0]!.id, vs[1]!.id],
      villageB: vs[2]!.id,
      staffUserId: staffUser!.id,
    });
    await seedParking(tx, { tenantA: tA!.id, villagesA: [vs[0]!.id, vs[1]!.id] });
    await seedParkingPassages(tx, { tenantA: tA!.id });
    await seedAccess(tx, { tenantA: tA!.id, villagesA: [vs[0]!.id, vs[1]!.id] });
    const { tenantC, tenantD } = await seedOperatorDemo(tx, {
      operatorId: operator!.id,
      villageA: vs[1]!.id,
      passwordHash: prop!,
    });
    // written last, so the ids of everything above stay what the tests know
    await seedStaff(tx, { operatorId: operator!.id, tenantB: tB!.id });
    await seedRenewalOrders(tx, { tenantA: tA!.id, tenantC, tenantD });
    await seedFeesB(tx, { tenantB: tB!.id, villageB: vs[2]!.id });
    await seedRefundsA(tx, { tenantA: tA!.id });
    await seedVideo(tx, { tenantA: tA!.id, tenantB: tB!.id, villagesA: [vs[0]!.id, vs[1]!.id], villageB: vs[2]!.id });
    await seedVisitors(tx, { tenantA: tA!.id, villagesA: [vs[0]!.id, vs[1]!.id] });
    await seedHeldVisitors(tx, tA!.id);
    await seedVotes(tx, { tenantA: tA!.id, villagesA: [vs[0]!.id, vs[1]!.id] });
    await seedCommunity(tx, { tenantA: tA!.id, villagesA: [vs[0]!.id, vs[1]!.id] });
    await seedVotes(tx, { tenantA: tB!.id, villagesA: [vs[2]!.id, vs[2]!.id] });
    await seedCommunity(tx, { tenantA: tB!.id, villagesA: [vs[2]!.id, vs[2]!.id] });
    await seedSmsLog(tx, [tA!.id, tB!.id]);
    await seedPrevention(tx, { tenant: tA!.id, village: vs[0]!.id });
    await seedPrevention(tx, { tenant: tB!.id, village: vs[2]!.id });
    await seedOneMapB(tx, { tenantB: tB!.id, villageB: vs[2]!.id });
    await seedAuditTrail(tx);
  });
};

/** True when the database has no user yet: a new install. */
export const isEmpty = async (db: Db) => {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
};
