import type { AppType, Catalog, MenuPlacement, Screen } from './define.ts';
import { isResource } from './define.ts';

/** One row the sync keeps in `menus`, named by its stable key. */
export type MenuRow = {
  key: string;
  parentKey: string | null;
  app: AppType;
  menuType: 1 | 2;
  title: string;
  icon: string;
  sort: number;
  path: string;
  name: string;
  component: string;
  cache: 1 | 2;
  visible: 1 | 2;
  perms: string;
};

const apps = (p: MenuPlacement): AppType[] => (Array.isArray(p.app) ? p.app : [p.app]);
const placements = (s: Screen): MenuPlacement[] => (s.menu ? (Array.isArray(s.menu) ? s.menu : [s.menu]) : []);

export const groupKey = (app: AppType, group: string) => `${app}:group:${group}`;
export const pageKey = (app: AppType, name: string) => `${app}:${name}`;

/**
 * The menu rows the declarations imply: groups, pages, buttons. Throws on a placement naming an unknown
 * group or on two screens claiming the same route name in one app, so a typo fails the first start and every test.
 */
export const menuRows = (catalog: Catalog): MenuRow[] => {
  const rows: MenuRow[] = [];
  const base = { icon: '', path: '', name: '', component: '', cache: 2 as const, visible: 1 as const, perms: '' };
  for (const app of Object.keys(catalog.groups) as AppType[])
    for (const g of catalog.groups[app])
      rows.push({
        ...base,
        key: groupKey(app, g.key),
        parentKey: null,
        app,
        menuType: 1,
        title: g.title,
        icon: g.icon,
        sort: g.order,
      });
  const seen = new Set(rows.map((r) => r.key));
  for (const s of catalog.screens)
    for (const p of placements(s))
      for (const app of apps(p)) {
        const key = pageKey(app, s.name);
        if (seen.has(key)) throw new Error(`menu ${key} is declared twice`);
        seen.add(key);
        const parentKey = p.group ? groupKey(app, p.group) : null;
        if (parentKey && !catalog.groups[app].some((g) => groupKey(app, g.key) === parentKey))
          throw new Error(`${key}: no group ${p.group} in ${app}`);
        const component = p.component ?? (isResource(s) ? 'ListPage' : s.component);
        const title = p.title ?? s.title;
        rows.push({
          ...base,
          key,
          parentKey,
          app,
          menuType: 1,
          title,
          icon: p.icon ?? '',
          sort: p.order,
          path: isResource(s) ? s.route : s.path,
          name: s.name,
          component,
          // a list keeps its search and page while the user visits other tabs
          cache: (p.cache ?? component === 'ListPage') ? 1 : 2,
          visible: p.hidden ? 2 : 1,
        });
        (p.buttons ?? []).forEach((b, i) =>
          rows.push({
            ...base,
            key: `${key}:${b}`,
            parentKey: key,
            app,
            menuType: 2,
            title: catalog.buttonLabels[b],
            sort: i + 1,
            perms: `${s.name}:${b}`,
          }),
        );
      }
  return rows;
};
