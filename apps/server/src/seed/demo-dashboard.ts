import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { menus, roleMenus, roleResources, roles } from '../modules/rbac/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Home-dashboard panels of the demo roles, by role code. */
const PANELS: Record<string, string> = {
  repair_patrol: 'count_panel,report_repair,notice,event_dynamics,early_list',
  jade_clerk: 'base_data,count_panel,revenue_amount,estate_revenue,notice',
};

/**
 * The demo roles land on a workbench with their panels: each gets its panel list and the workbench
 * page itself (viewing it), as the permission screen would grant it.
 */
export const seedDashboard = async (tx: Tx, ids: { tenantA: number }) => {
  const picked = await tx
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(and(eq(roles.tenantId, ids.tenantA), inArray(roles.code, Object.keys(PANELS))));
  const [index] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.appType, 'web'), eq(menus.menuType, 1), eq(menus.routeName, 'Index')))
    .limit(1);
  for (const r of picked) {
    await tx.update(roles).set({ indexModule: PANELS[r.code]! }).where(eq(roles.id, r.id));
    if (!index) continue;
    await tx.insert(roleMenus).values({ roleId: r.id, menuId: index.id }).onConflictDoNothing();
    await tx
      .insert(roleResources)
      .values({ roleId: r.id, resourceId: `${index.id}_view` })
      .onConflictDoNothing();
  }
};
