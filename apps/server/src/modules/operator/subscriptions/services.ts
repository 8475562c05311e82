import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { Row } from '../../../core/engine/types.ts';
import { fail, invalid } from '../../../core/errors.ts';
import type { Db } from '../../../core/db/client.ts';
import { PLATFORM_SERVICE, serviceOrders, services, tenantServices } from '../../fees/index.ts';
import { bumpAccessVersion, menus } from '../../rbac/index.ts';

export const SERVICE_BASE = '/Web/Renewal/ProFeeItem';

const idList = (v: unknown): number[] =>
  (Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : [])
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * The web menus a service may unlock, as select options: groups and pages (never buttons), each named with
 * its group so two pages of the same title stay apart.
 */
export const menuOptions = async (db: Db) => {
  const rows = await db
    .select({ id: menus.id, name: menus.menuName, parentId: menus.parentId })
    .from(menus)
    .where(and(eq(menus.appType, 'web'), ne(menus.menuType, 2), eq(menus.visible, 1)))
    .orderBy(asc(menus.sort), asc(menus.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows.map((r) => {
    const parent = byId.get(r.parentId);
    return { label: parent ? `${parent.name} / ${r.name}` : r.name, value: r.id };
  });
};

/**
 * 服务项目: the platform's catalogue of services a company renews, each with its yearly price and the web
 * menus it unlocks. The platform writes it; operators read it (their menu has no buttons).
 */
export const serviceItemResource = defineResource({
  route: `${SERVICE_BASE}/listConfig`,
  title: '服务项目',
  name: 'ServiceItem',
  menu: [
    { app: 'operator', group: 'operations', order: 3, buttons: [] },
    { app: 'sys', group: 'operators', order: 6, buttons: ['add', 'edit', 'remove', 'export'] },
  ],
  table: services,
  ownership: 'global',
  labelProp: 'title',
  order: [
    { column: 'sort', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  toolbar: ['add', 'export'],
  rowActions: ['detail', 'edit', 'delete'],
  dependents: [
    {
      table: tenantServices,
      column: 'service_id',
      message: (r) => `服务“${String(r.title)}”已有物业公司开通，不能删除`,
    },
    { table: serviceOrders, column: 'service_id', message: (r) => `服务“${String(r.title)}”已有续费订单，不能删除` },
  ],
  fields: [
    { prop: 'title', label: '服务名称', type: 'text', required: true, maxLength: 50, search: true, width: 140 },
    {
      prop: 'code',
      label: '服务编码',
      type: 'text',
      required: true,
      maxLength: 32,
      search: true,
      width: 120,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '服务编码只能是字母开头的字母、数字或下划线' },
    },
    { prop: 'icon', label: '图标', type: 'image', table: false, import: false },
    { prop: 'description', label: '服务说明', type: 'textarea', maxLength: 255, width: 260 },
    { prop: 'price', label: '年费(元)', type: 'money', required: true, width: 110 },
    { prop: 'sort', label: '排序', type: 'number', min: 0, max: 9999, defaultValue: 0, width: 80 },
    { prop: 'status', label: '状态', type: 'switch', defaultValue: 1, width: 80 },
    {
      prop: 'menu_ids',
      label: '开通菜单',
      type: 'select',
      multiple: true,
      optionsUrl: `${SERVICE_BASE}/menuOptions`,
      table: false,
      import: false,
      export: false,
    },
  ],
  hooks: {
    beforeSave: async ({ db }, values, existing) => {
      if (values.price !== undefined && Number(values.price) <= 0) throw invalid('年费必须大于0', 'price');
      const code = values.code ?? existing?.code;
      if (existing?.code === PLATFORM_SERVICE && code !== PLATFORM_SERVICE)
        throw invalid('平台服务的编码不能修改', 'code');
      if (values.code !== undefined) {
        const [dup] = await db
          .select({ id: services.id })
          .from(services)
          .where(
            and(eq(services.code, String(values.code)), existing ? ne(services.id, Number(existing.id)) : undefined),
          );
        if (dup) throw invalid('服务编码已存在', 'code');
      }
      if (values.menuIds !== undefined) {
        const ids = [...new Set(idList(values.menuIds))];
        if (ids.length) {
          const found = await db
            .select({ id: menus.id })
            .from(menus)
            .where(and(inArray(menus.id, ids), eq(menus.appType, 'web'), ne(menus.menuType, 2)));
          if (found.length !== ids.length) throw invalid('开通菜单不存在', 'menu_ids');
        }
        values.menuIds = ids;
      }
      return values;
    },
    // which menus a company sees hangs on the catalogue: cached access sets are stale now
    afterSave: () => bumpAccessVersion(),
    beforeDelete: (_ctx, existing: Row) => {
      if (existing.code === PLATFORM_SERVICE) throw fail('平台服务不能删除');
      bumpAccessVersion();
    },
  },
});
