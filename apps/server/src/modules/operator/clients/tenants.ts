import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { qualified } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { Row, Tx } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { revokeUserTokens, users } from '../../auth/index.ts';
import { PLATFORM_SERVICE, serviceOrders, services, tenantServices } from '../../fees/index.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';
import { operators, tenants, villages } from '../../tenancy/index.ts';
import { adminLoginFields, contactFields, copyTemplateRoles, createAdmin, idsOf, refuseTakenLogin } from './onboard.ts';
import { OPERATOR_BASE, refuseEndBeforeStart } from './operators.ts';

export const TENANT_BASE = '/Operator/Tenant';
/** the end a subscription without an expiry (长期) is stored with */
const LONG_TERM = '2099-12-31';

/** The platform sees every company; an operator its own; anyone else none. */
export const tenantScope = ({ actor }: Caller) =>
  actor.kind === 'sys'
    ? undefined
    : actor.kind === 'operator'
      ? eq(tenants.operatorId, actor.operatorId ?? -1)
      : sql`false`;

/**
 * The services a company may be given: those of its operator's plan (an empty plan sells nothing), or every active
 * service but the platform's own for a company the platform keeps itself (no operator).
 */
export const planServices = async (db: Tx | Db, operatorId: number | null) => {
  const [op] = operatorId
    ? await db.select({ ids: operators.serviceIds }).from(operators).where(eq(operators.id, operatorId))
    : [];
  const plan = op?.ids ?? [];
  if (operatorId && !plan.length) return [];
  return db
    .select({ value: services.id, label: services.title })
    .from(services)
    .where(
      and(
        eq(services.status, 1),
        ne(services.code, PLATFORM_SERVICE),
        plan.length ? inArray(services.id, plan) : undefined,
      ),
    )
    .orderBy(asc(services.sort), asc(services.id));
};

export const tenantServiceIds = async (db: Tx, tenantIds: number[]) =>
  tenantIds.length
    ? db
        .select({ tenantId: tenantServices.tenantId, serviceId: tenantServices.serviceId })
        .from(tenantServices)
        .innerJoin(services, eq(services.id, tenantServices.serviceId))
        .where(and(inArray(tenantServices.tenantId, tenantIds), ne(services.code, PLATFORM_SERVICE)))
    : [];

/**
 * The chosen services: a new one ends with the company's subscription, the others keep their own end (a
 * service renewed on its own) unless the subscription's end moved; services no longer chosen are dropped.
 */
const syncServices = async (db: Tx, tenantId: number, ids: number[], expire: string | null, moveAll: boolean) => {
  const end = expire ?? LONG_TERM;
  const platform = db.select({ id: services.id }).from(services).where(eq(services.code, PLATFORM_SERVICE));
  await db
    .delete(tenantServices)
    .where(
      and(
        eq(tenantServices.tenantId, tenantId),
        notInArray(tenantServices.serviceId, platform),
        ids.length ? notInArray(tenantServices.serviceId, ids) : undefined,
      ),
    );
  if (!ids.length) return;
  await db
    .insert(tenantServices)
    .values(ids.map((serviceId) => ({ tenantId, serviceId, endDate: end })))
    .onConflictDoUpdate({
      target: [tenantServices.tenantId, tenantServices.serviceId],
      set: { endDate: moveAll ? end : sql`${tenantServices.endDate}`, updatedAt: new Date() },
    });
};

/** whether a save moved the subscription's end, from the save's input (before the row is written) to after it */
const expiryMoved = new WeakMap<Row, boolean>();

/**
 * 物业公司 of an operator (the platform sees all of them): adding one is one transaction, the company, its
 * super administrator (first login must change the password), the roles copied from the company templates and
 * the services of the operator's plan it takes, each ending with the company's subscription.
 */
export const tenantResource = defineResource({
  route: `${TENANT_BASE}/listConfig`,
  title: '物业公司',
  name: 'OperatorTenant',
  menu: [
    { app: 'operator', group: 'operations', order: 1, buttons: ['add', 'edit', 'remove', 'export'] },
    { app: 'sys', group: 'operators', order: 5, buttons: ['add', 'edit', 'remove', 'export'] },
  ],
  table: tenants,
  ownership: 'global',
  toolbar: ['add', 'export'],
  rowActions: ['detail', 'edit', 'delete'],
  dependents: [
    { table: villages, column: 'tenant_id', message: (r, n) => `物业公司“${String(r.name)}”有${n}个小区，不能删除` },
    { table: serviceOrders, column: 'tenant_id', message: (r) => `物业公司“${String(r.name)}”已有续费订单，不能删除` },
  ],
  fields: [
    { prop: 'name', label: '物业公司名称', type: 'text', required: true, maxLength: 100, search: true, width: 200 },
    {
      prop: 'operator_id',
      label: '所属运营商',
      type: 'select',
      optionsUrl: `${OPERATOR_BASE}/options`,
      search: 'eq',
      import: false,
      width: 180,
    },
    ...contactFields,
    { prop: 'start_date', label: '开始日期', type: 'date', width: 110 },
    {
      prop: 'service_expire',
      label: '服务到期',
      type: 'date',
      width: 110,
      sortable: true,
      placeholder: '不填 = 长期',
      clearable: true,
    },
    {
      prop: 'service_ids',
      label: '开通服务',
      type: 'select',
      multiple: true,
      virtual: true,
      optionsUrl: `${TENANT_BASE}/serviceOptions`,
      table: false,
      import: false,
      export: false,
    },
    {
      prop: 'village_count',
      label: '小区数',
      type: 'number',
      computed: sql`(select count(*)::int from ${villages} v where v.tenant_id = ${qualified(tenants.id)})`,
      add: false,
      edit: false,
      import: false,
      width: 80,
    },
    { prop: 'status', label: '状态', type: 'switch', defaultValue: 1, search: 'eq', width: 80 },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    ...adminLoginFields('超级管理员'),
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, width: 160, import: false },
  ],
  hooks: {
    scope: tenantScope,
    beforeSave: async ({ db, actor }, values, existing, input) => {
      const out: Row = { ...values };
      // an operator's companies are its own; the platform names the operator
      if (actor.kind === 'operator') {
        if (existing) delete out.operatorId;
        else out.operatorId = actor.operatorId;
      } else if (out.operatorId !== undefined && out.operatorId !== null) {
        const [op] = await db
          .select({ id: operators.id })
          .from(operators)
          .where(eq(operators.id, Number(out.operatorId)));
        if (!op) throw invalid('运营商不存在', 'operator_id');
      }
      refuseEndBeforeStart(
        out.startDate ?? existing?.startDate,
        out.serviceExpire ?? existing?.serviceExpire,
        out.serviceExpire !== undefined ? 'service_expire' : 'start_date',
      );
      // the subscription's end is paid for: it moves by a renewal order's settlement or by the platform, never
      // by the operator who sells it (an edit form sending the date unchanged is fine)
      if (
        actor.kind !== 'sys' &&
        existing &&
        out.serviceExpire !== undefined &&
        out.serviceExpire !== existing.serviceExpire
      )
        throw invalid('服务到期只能通过续费订单或由平台修改', 'service_expire');
      if (input.service_ids !== undefined) {
        const ids = idsOf(input.service_ids);
        const operatorId = (out.operatorId ?? existing?.operatorId ?? null) as number | null;
        const allowed = new Set((await planServices(db, operatorId)).map((s) => s.value));
        if (ids.some((id) => !allowed.has(id)))
          throw invalid(
            allowed.size ? '所选服务不在运营商的服务方案内' : '运营商的服务方案中没有服务，不能开通服务',
            'service_ids',
          );
      }
      if (!existing) await refuseTakenLogin(db, 'web', input.user_name);
      expiryMoved.set(
        input,
        !!existing && out.serviceExpire !== undefined && out.serviceExpire !== existing.serviceExpire,
      );
      return out;
    },
    afterSave: async ({ db }, id, input) => {
      const [t] = await db
        .select({ expire: tenants.serviceExpire, name: tenants.name })
        .from(tenants)
        .where(eq(tenants.id, id));
      if (input.user_name !== undefined) {
        await createAdmin(db, 'web', { tenantId: id }, input, `${t?.name ?? ''}管理员`);
        await copyTemplateRoles(db, 'web', { tenantId: id });
      }
      const current = (await tenantServiceIds(db, [id])).map((r) => r.serviceId);
      const ids = input.service_ids !== undefined ? idsOf(input.service_ids) : current;
      const moved = expiryMoved.get(input) ?? false;
      if (input.service_ids !== undefined || moved) {
        await syncServices(db, id, ids, t?.expire ?? null, moved);
        // the company's menus follow its services on the next call, not after the access cache ages out
        bumpAccessVersion();
      }
      // a disabled company's people are logged out everywhere
      if (Number(input.status) === 2) {
        const people = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.kind, 'web'), eq(users.tenantId, id)));
        for (const p of people) await revokeUserTokens(db, p.id);
      }
    },
    beforeDelete: async ({ db }, existing) => {
      const id = Number(existing.id);
      await db.delete(tenantServices).where(eq(tenantServices.tenantId, id));
      await db.delete(users).where(and(eq(users.kind, 'web'), eq(users.tenantId, id)));
      await db.execute(sql`delete from roles where tenant_id = ${id}`);
    },
    decorate: async ({ db }, rows) => {
      const links = await tenantServiceIds(
        db as Tx,
        rows.map((r) => Number(r.id)),
      );
      return rows.map((r) => ({
        ...r,
        service_ids: links.filter((l) => l.tenantId === r.id).map((l) => l.serviceId),
      }));
    },
  },
});
