import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { definePage, isResource, type Screen } from '../core/screens/define.ts';
import { menuRows } from '../core/screens/tree.ts';
import { productCatalog } from './catalog.ts';

/** Every resource a module file exports: a declaration is a value now, found where it is defined, not by a global list. */
const exportedResources = async () => {
  const dir = new URL('../modules/', import.meta.url);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const found = new Set<Screen>();
  for (const f of files) {
    const mod = (await import(new URL(f, dir).href)) as Record<string, unknown>;
    for (const v of Object.values(mod))
      for (const s of [v].flat())
        if (typeof s === 'object' && s !== null && 'route' in s && isResource(s as Screen)) found.add(s as Screen);
  }
  return [...found].filter(isResource);
};

describe('screen declarations and menus', () => {
  const catalog = productCatalog();

  // it imports every module file: seconds on a loaded machine
  it(
    'every resource a module exports belongs to a module and says where its menu is',
    { timeout: 60_000 },
    async () => {
      const declared = new Set(catalog.screens);
      const exported = await exportedResources();
      expect(exported.length).toBeGreaterThanOrEqual(catalog.screens.filter(isResource).length);
      for (const def of exported) {
        expect(declared.has(def), `${def.name} (${def.route}) is not in any module's screens`).toBe(true);
        expect(
          def.menu,
          `${def.name} (${def.route}) declares no menu (menu: false for an embedded screen)`,
        ).toBeDefined();
      }
    },
  );

  it('every menu page comes from one declaration, in a declared group', () => {
    const rows = menuRows(catalog);
    const pages = rows.filter((r) => r.menuType === 1 && r.path);
    const names = new Set(catalog.screens.map((s) => s.name));
    for (const p of pages) expect(names.has(p.name), p.key).toBe(true);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    for (const r of rows)
      if (r.parentKey)
        expect(
          rows.some((p) => p.key === r.parentKey),
          r.key,
        ).toBe(true);
  });

  it('a list screen defaults to the cached ListPage, a page keeps its component', () => {
    const rows = menuRows(catalog);
    expect(rows.find((r) => r.key === 'web:Building')).toMatchObject({
      component: 'ListPage',
      cache: 1,
      title: '楼栋管理',
      parentKey: 'web:group:basic',
    });
    expect(rows.find((r) => r.key === 'web:Index')).toMatchObject({
      component: 'Workbench',
      cache: 2,
      parentKey: null,
    });
    expect(rows.find((r) => r.key === 'operator:Unpaid')).toMatchObject({
      title: '待续费',
      parentKey: 'operator:group:operations',
    });
  });

  it('refuses a placement in an unknown group and a route name claimed twice', () => {
    const stray = definePage({
      name: 'Stray',
      path: '/Stray/index',
      title: '游离',
      component: 'Workbench',
      menu: { app: 'web', group: 'nowhere', order: 1 },
    });
    expect(() => menuRows({ ...catalog, screens: [...catalog.screens, stray] })).toThrow('no group nowhere');
    const twice = definePage({
      name: 'Building',
      path: '/Other/index',
      title: '另一个',
      component: 'Workbench',
      menu: { app: 'web', order: 99 },
    });
    expect(() => menuRows({ ...catalog, screens: [...catalog.screens, twice] })).toThrow('declared twice');
  });
});
