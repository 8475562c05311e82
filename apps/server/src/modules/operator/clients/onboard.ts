import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { passwordRule, passwordRuleMsg, usernameRule, type LoginKind } from '@5a/contracts';
import type { FieldDef, Row, Tx } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { clashesWithStaffAccount, hashPassword, users } from '../../auth/index.ts';
import { roleMenus, roleResources, roles } from '../../rbac/index.ts';

/** The first login an onboarding creates: asked on add only, never listed, exported or shown again. */
export const adminLoginFields = (who: string): FieldDef[] => {
  const onlyAdd = { virtual: true, edit: false, table: false, detail: false, export: false, import: false } as const;
  return [
    {
      prop: 'user_name',
      label: `${who}登录账号`,
      type: 'text',
      required: true,
      maxLength: 12,
      pattern: { source: usernameRule.source, message: '登录账号为3-12位字母、数字或下划线' },
      ...onlyAdd,
    },
    {
      prop: 'user_password',
      label: '初始密码',
      type: 'password',
      required: true,
      pattern: { source: passwordRule.source, message: passwordRuleMsg },
      ...onlyAdd,
    },
    { prop: 'admin_name', label: '管理员姓名', type: 'text', maxLength: 32, ...onlyAdd },
  ];
};

/** Login names are unique per entrance: a taken one is refused before anything is written. */
export const refuseTakenLogin = async (db: Tx, kind: LoginKind, userName: unknown) => {
  if (typeof userName !== 'string' || !userName) return;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, kind), eq(users.userName, userName)))
    .limit(1);
  if (taken) throw invalid('登录账号已存在', 'user_name');
  if (kind === 'web' && (await clashesWithStaffAccount(db, userName)))
    throw invalid('登录账号与平台或运营商账号重名，请更换登录账号', 'user_name');
};

type Owner = { tenantId: number } | { operatorId: number };

/** 联系人 and 联系电话 of an operator or a company, as both screens list and search them. */
export const contactFields: FieldDef[] = [
  { prop: 'contact', label: '联系人', type: 'text', required: true, maxLength: 50, search: true, width: 100 },
  {
    prop: 'phone',
    label: '联系电话',
    type: 'text',
    required: true,
    maxLength: 20,
    // a mobile, or a landline with its area code
    pattern: {
      source: '^(1[3-9]\\d{9}|0\\d{2,3}-?\\d{7,8})$',
      message: '联系电话格式错误，请填写手机号或区号加座机号',
    },
    search: true,
    width: 130,
  },
];

/**
 * The new company's or operator's super administrator: the platform (or operator) chose the password,
 * so the first login must change it before anything else.
 */
export const createAdmin = async (db: Tx, kind: 'web' | 'operator', owner: Owner, input: Row, fallbackName: string) => {
  const name = typeof input.admin_name === 'string' && input.admin_name.trim() ? input.admin_name.trim() : fallbackName;
  const [u] = await db
    .insert(users)
    .values({
      kind,
      ...owner,
      userName: String(input.user_name),
      name: name.slice(0, 64),
      passwordHash: await hashPassword(String(input.user_password)),
      isSuper: true,
      mustChangePassword: true,
    })
    .returning({ id: users.id });
  return u!.id;
};

/**
 * Copies the platform's template roles of one kind into a new owner: the role, its menus and its
 * resources, set-based (three statements whatever the number of templates).
 */
export const copyTemplateRoles = async (db: Tx, template: 'web' | 'operator', owner: Owner) => {
  const tenantId = 'tenantId' in owner ? owner.tenantId : null;
  const operatorId = 'operatorId' in owner ? owner.operatorId : null;
  const made = await db.execute(sql`
    insert into ${roles} (tenant_id, operator_id, name, code, data_scope, village_ids, status, sort, remark, index_module)
    select ${tenantId}::int, ${operatorId}::int, name, code, data_scope, '{}', status, sort, remark, index_module
    from ${roles} where template = ${template} and tenant_id is null and operator_id is null
    order by sort, id
    returning id, code`);
  const rows = (made as unknown as { rows: { id: number; code: string }[] }).rows;
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  // each copy finds its template by code (template codes are unique among templates of a kind)
  const pairs = sql`select n.id as new_id, t.id as old_id from ${roles} n join ${roles} t
    on t.code = n.code and t.template = ${template} and t.tenant_id is null and t.operator_id is null
    where n.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`;
  await db.execute(sql`insert into ${roleMenus} (role_id, menu_id)
    select p.new_id, rm.menu_id from (${pairs}) p join ${roleMenus} rm on rm.role_id = p.old_id`);
  await db.execute(sql`insert into ${roleResources} (role_id, resource_id)
    select p.new_id, rr.resource_id from (${pairs}) p join ${roleResources} rr on rr.role_id = p.old_id`);
  return ids;
};

/** Template codes must be unique among the templates of a kind, so the copies can find their source. */
export const refuseTakenTemplateCode = async (db: Tx, template: string, code: string, selfId?: number) => {
  const [hit] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.template, template as '' | 'web' | 'operator'),
        eq(roles.code, code),
        isNull(roles.tenantId),
        isNull(roles.operatorId),
        selfId ? ne(roles.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (hit) throw invalid('角色编码已存在', 'code');
};

export const idsOf = (v: unknown): number[] =>
  [...new Set((Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : []).map(Number))].filter(
    (n) => Number.isInteger(n) && n > 0,
  );
