import type { Db } from '../core/db/client.ts';
import type { Catalog } from '../core/screens/define.ts';
import { syncScreens } from '../core/screens/sync.ts';
import { modules } from '../modules/index.ts';
import { bumpAccessVersion } from '../modules/rbac/service.ts';
import { seedTemplates } from '../modules/operator/clients/templates.ts';
import { seedGraceSetting } from '../modules/operator/subscriptions/expiry.ts';
import { platformDicts } from './dicts.ts';
import { buttonLabels, menuGroups } from './menus.ts';
import { productPages } from './pages.ts';

/** The product as the start-up sync sees it: every module's screens, the other pages, the groups, the dictionaries. */
export const productCatalog = (): Catalog => ({
  screens: [...modules.flatMap((m) => m.screens ?? []), ...productPages],
  groups: menuGroups,
  buttonLabels,
  dicts: platformDicts,
});

/** Runs on every start after the migrations: brings menus and platform dictionaries up to this release. */
export const syncProduct = async (db: Db) => {
  const result = await syncScreens(db, productCatalog());
  // a new installation's role templates, granted the menus just written
  await seedTemplates(db);
  await seedGraceSetting(db);
  // cached access sets were computed from the menus before
  bumpAccessVersion();
  return result;
};
