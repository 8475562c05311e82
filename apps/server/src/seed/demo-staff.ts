import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { menus, roleMenus, roleResources, roles } from '../modules/rbac/schema.ts';
import { configs, depts, posts } from '../modules/system/schema.ts';
import { copyTemplateRoles } from '../modules/operator/clients/onboard.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type App = 'sys' | 'operator';

/**
 * Grants a role pages of its app as the permission screen does: the pages (those of the groups named by key, or
 * by route name), their groups, and with `buttons` their buttons and all five resources, else view only.
 */
const grant = async (
  tx: Tx,
  roleId: number,
  app: App,
  pick: { groups?: string[]; pages?: string[] },
  buttons: boolean,
) => {
  const groupKeys = `{${(pick.groups ?? []).map((g) => `${app}:group:${g}`).join(',')}}`;
  const names = `{${(pick.pages ?? []).join(',')}}`;
  const pages = sql`select id, parent_id from ${menus} where app_type = ${app} and menu_type = 1 and route_path <> ''
    and (route_name = any(${names}::text[]) or parent_id in (select id from ${menus} where menu_key = any(${groupKeys}::text[])))`;
  await tx.execute(sql`
    with p as (${pages})
    insert into ${roleMenus} (role_id, menu_id)
    select ${roleId}::int, id from p
    union select ${roleId}::int, parent_id from p where parent_id > 0
    union select ${roleId}::int, m.id from ${menus} m join p on m.parent_id = p.id where m.menu_type = 2 and ${buttons}::boolean`);
  const actions = `{${(buttons ? ['add', 'remove', 'edit', 'view', 'export'] : ['view']).join(',')}}`;
  await tx.execute(sql`
    with p as (${pages})
    insert into ${roleResources} (role_id, resource_id)
    select ${roleId}::int, p.id || '_' || a from p cross join unnest(${actions}::text[]) a`);
};

/**
 * The platform's and the demo operator's own staff structure, as their 系统设置 screens would hold it after a
 * while in use: roles with their grants (the operator's first one copied from the platform's template, as
 * onboarding does), departments, posts; the operator's parameters; and company B's service phone.
 */
export const seedStaff = async (tx: Tx, ids: { operatorId: number; tenantB: number }) => {
  const op = ids.operatorId;
  const [ops, finance, support] = await tx
    .insert(roles)
    .values([
      { name: '运营主管', code: 'ops_manager', sort: 1, remark: '运营商与物业公司的开通、续期和到期跟进' },
      { name: '财务专员', code: 'finance', sort: 2, remark: '续费订单对账与运营商分成结算' },
      { name: '客服专员', code: 'support', sort: 3, remark: '查看运营商和物业公司资料，答复来电咨询' },
    ])
    .returning({ id: roles.id });
  await grant(tx, ops!.id, 'sys', { groups: ['operators'] }, true);
  await grant(tx, finance!.id, 'sys', { pages: ['RenewalOrder'] }, true);
  await grant(tx, support!.id, 'sys', { groups: ['operators'] }, false);

  // what onboarding gives every operator, then one role the operator made itself
  await copyTemplateRoles(tx, 'operator', { operatorId: op });
  const [opFinance] = await tx
    .insert(roles)
    .values({ operatorId: op, name: '财务对账', code: 'op_finance', sort: 2, remark: '核对物业公司续费与平台分成' })
    .returning({ id: roles.id });
  await grant(tx, opFinance!.id, 'operator', { pages: ['RenewalOrder'] }, true);

  await tx.insert(depts).values([
    { name: '运营中心', leader: '高志远', phone: '13957160021', sort: 1 },
    { name: '财务部', leader: '沈丽华', phone: '13957160022', sort: 2 },
    { name: '客户服务部', leader: '许文静', phone: '13957160023', sort: 3 },
    { name: '技术支持部', leader: '韩东', phone: '13957160024', sort: 4 },
    { operatorId: op, name: '市场拓展部', leader: '周建国', phone: '13900000001', sort: 1 },
    { operatorId: op, name: '客户服务部', leader: '陆佳琪', phone: '13967120031', sort: 2 },
    { operatorId: op, name: '财务部', leader: '方敏', phone: '13967120032', sort: 3 },
  ]);
  await tx.insert(posts).values([
    { name: '运营经理', code: 'ops_manager', sort: 1 },
    { name: '财务专员', code: 'accountant', sort: 2 },
    { name: '客服专员', code: 'support', sort: 3 },
    { name: '实施工程师', code: 'implementer', sort: 4, remark: '负责新开通物业公司的上线培训' },
    { operatorId: op, name: '客户经理', code: 'account_manager', sort: 1, remark: '对接辖区内的物业公司' },
    { operatorId: op, name: '实施专员', code: 'implementer', sort: 2 },
    { operatorId: op, name: '财务', code: 'accountant', sort: 3 },
  ]);
  await tx.insert(configs).values([
    { operatorId: op, name: '运营服务热线', configKey: 'service_phone', configValue: '0571-87651200', type: 0 },
    {
      operatorId: op,
      name: '续费提醒短信签名',
      configKey: 'sms_sign',
      configValue: '华东智慧社区',
      type: 0,
      remark: '发给辖区物业公司的到期提醒短信所用签名',
    },
    { tenantId: ids.tenantB, name: '物业服务电话', configKey: 'service_phone', configValue: '0571-86668888', type: 0 },
  ]);
};
