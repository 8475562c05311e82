import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { Row, Tx } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { revokeUserTokens, users } from '../../auth/index.ts';
import { services } from '../../fees/index.ts';
import { isRegionCode, regionChildren } from '../../region/index.ts';
import { operators, tenants } from '../../tenancy/index.ts';
import { adminLoginFields, contactFields, copyTemplateRoles, createAdmin, idsOf, refuseTakenLogin } from './onboard.ts';

export const OPERATOR_BASE = '/Sys/CarrierOperator/Operator';

/** Provinces and cities an operator may serve, named with their province ('浙江省 / 杭州市'). */
export const regionOptions = () =>
  regionChildren('').flatMap((p) => [
    { label: p.label, value: p.value },
    ...regionChildren(p.value).map((c) => ({ label: `${p.label} / ${c.label}`, value: c.value })),
  ]);

/** The platform sees every operator; an operator only itself (the select of its company form); a company none. */
export const operatorScope = ({ actor }: Caller) =>
  actor.kind === 'sys' ? undefined : actor.kind === 'operator' ? eq(operators.id, actor.operatorId ?? -1) : sql`false`;

/** A contract period ends on or after its start, whichever of the two the form changed. */
export const refuseEndBeforeStart = (start: unknown, end: unknown, field: string) => {
  if (typeof start === 'string' && typeof end === 'string' && start && end && end < start)
    throw invalid('到期日期不能早于开始日期', field);
};

/** The services a plan names exist (empty = none: the operator sells nothing until the platform names some). */
const checkPlan = async (db: Tx, ids: number[]) => {
  if (!ids.length) return;
  const found = await db.select({ id: services.id }).from(services).where(inArray(services.id, ids));
  if (found.length !== ids.length) throw invalid('服务项目不存在', 'service_ids');
};

/**
 * 运营商管理: the platform's resellers. Adding one is one transaction: the operator, its super
 * administrator (who must change the platform's password on first login) and the roles copied from the
 * operator templates. Disabling one ends its users' sessions; its companies keep working.
 */
export const operatorResource = defineResource({
  route: `${OPERATOR_BASE}/listConfig`,
  title: '运营商',
  name: 'Operator',
  menu: { app: 'sys', group: 'operators', title: '运营商管理', order: 1, buttons: ['add', 'edit', 'remove', 'export'] },
  table: operators,
  ownership: 'global',
  toolbar: ['add', 'export'],
  rowActions: ['detail', 'edit', 'delete'],
  dependents: [
    { table: tenants, column: 'operator_id', message: (r, n) => `运营商“${String(r.name)}”有${n}家物业公司，不能删除` },
  ],
  fields: [
    { prop: 'name', label: '运营商名称', type: 'text', required: true, maxLength: 100, search: true, width: 200 },
    {
      prop: 'region_codes',
      label: '所在地区',
      type: 'select',
      multiple: true,
      required: true,
      optionsUrl: `${OPERATOR_BASE}/regionOptions`,
      import: false,
      width: 200,
    },
    ...contactFields,
    { prop: 'start_date', label: '开始日期', type: 'date', required: true, width: 110 },
    { prop: 'expire_date', label: '到期日期', type: 'date', required: true, width: 110, sortable: true },
    {
      prop: 'share_percent',
      label: '分成比例(%)',
      type: 'text',
      maxLength: 6,
      defaultValue: '0',
      pattern: { source: '^(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?)$', message: '分成比例为0-100，最多两位小数' },
      width: 100,
    },
    {
      prop: 'service_ids',
      label: '服务方案',
      type: 'select',
      multiple: true,
      optionsUrl: '/Web/Renewal/ProFeeItem/options',
      placeholder: '不选 = 不可开通任何服务',
      table: false,
      import: false,
    },
    {
      prop: 'status',
      label: '状态',
      type: 'switch',
      defaultValue: 1,
      search: 'eq',
      width: 80,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    ...adminLoginFields('运营商'),
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, width: 160, import: false },
  ],
  hooks: {
    scope: operatorScope,
    beforeSave: async ({ db }, values, existing, input) => {
      const out: Row = { ...values };
      // a share left blank is none
      if (out.sharePercent === '' || out.sharePercent === null) out.sharePercent = '0';
      if (input.region_codes !== undefined) {
        const raw = Array.isArray(input.region_codes) ? input.region_codes : String(input.region_codes).split(',');
        const codes = [...new Set(raw.map((c) => String(c).trim()).filter(Boolean))];
        if (!codes.length) throw invalid('请选择所在地区', 'region_codes');
        if (codes.some((c) => !/^\d{6,12}$/.test(c) || !isRegionCode(c)))
          throw invalid('所在地区不存在', 'region_codes');
        out.regionCodes = codes;
        out.regionCode = codes[0];
      }
      refuseEndBeforeStart(
        out.startDate ?? existing?.startDate,
        out.expireDate ?? existing?.expireDate,
        out.expireDate !== undefined ? 'expire_date' : 'start_date',
      );
      if (out.serviceIds !== undefined) {
        out.serviceIds = idsOf(input.service_ids);
        await checkPlan(db, out.serviceIds as number[]);
      }
      if (!existing) await refuseTakenLogin(db, 'operator', input.user_name);
      return out;
    },
    afterSave: async ({ db }, id, input) => {
      if (input.user_name !== undefined) {
        await createAdmin(db, 'operator', { operatorId: id }, input, `${String(input.name ?? '')}管理员`);
        await copyTemplateRoles(db, 'operator', { operatorId: id });
      }
      // a disabled operator's people are logged out everywhere; its companies are not touched
      if (Number(input.status) === 2) {
        const people = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.kind, 'operator'), eq(users.operatorId, id)));
        for (const p of people) await revokeUserTokens(db, p.id);
      }
    },
    beforeDelete: async ({ db }, existing) => {
      // its people and roles go with it (no company is left: dependents refused that)
      await db.delete(users).where(and(eq(users.kind, 'operator'), eq(users.operatorId, Number(existing.id))));
      await db.execute(sql`delete from roles where operator_id = ${Number(existing.id)}`);
    },
    decorate: async (_ctx, rows) =>
      rows.map((r) => ({
        ...r,
        share_percent: r.share_percent === null ? '0.00' : Number(r.share_percent).toFixed(2),
      })),
  },
});
