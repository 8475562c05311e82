import type { MenuNode } from '@5a/contracts';
import { describe, expect, it } from 'vitest';
import { buildRoutes, buildSearchPool, filterSearchPool, firstRoute, sideMenusOf } from './menuTree.ts';

let id = 0;
const node = (title: string, path = '', children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id: ++id,
  path,
  name: path.split('/').slice(-2, -1)[0] ?? '',
  title,
  icon: '',
  component: path ? 'ListPage' : '',
  cache: false,
  hidden: false,
  external: false,
  url: '',
  children,
  ...extra,
});

const menus: MenuNode[] = [
  node('工作台', '/Web/Basic/Index/index', [], { component: 'Workbench' }),
  node('基础数据', '', [
    node('楼栋管理', '/Web/Basic/Building/listConfig'),
    node('房屋管理', 'Web/Basic/House/listConfig'),
    node('隐藏页', '/Web/Basic/Hidden/listConfig', [], { hidden: true }),
  ]),
  node('报事报修', '', [node('工单', '', [node('报修管理', '/Web/Repair/RepairManagement/listConfig')])]),
];

describe('buildSearchPool', () => {
  it('flattens visible routes with full titles joined by " / "', () => {
    expect(buildSearchPool(menus).map((i) => [i.title, i.path])).toEqual([
      ['工作台', '/Web/Basic/Index/index'],
      ['基础数据 / 楼栋管理', '/Web/Basic/Building/listConfig'],
      ['基础数据 / 房屋管理', '/Web/Basic/House/listConfig'],
      ['报事报修 / 工单 / 报修管理', '/Web/Repair/RepairManagement/listConfig'],
    ]);
  });
  it('filters by title or path, case-insensitively', () => {
    const pool = buildSearchPool(menus);
    expect(filterSearchPool(pool, '楼栋').map((i) => i.path)).toEqual(['/Web/Basic/Building/listConfig']);
    expect(filterSearchPool(pool, 'house').map((i) => i.title)).toEqual(['基础数据 / 房屋管理']);
    expect(filterSearchPool(pool, '  ')).toHaveLength(4);
  });
  it('lists pages whose own title matches first', () => {
    const pool = buildSearchPool(menus);
    expect(filterSearchPool(pool, '报修').map((i) => i.title)).toEqual(['报事报修 / 工单 / 报修管理']);
    expect(filterSearchPool(pool, '数据').map((i) => i.title)).toEqual(['基础数据 / 楼栋管理', '基础数据 / 房屋管理']);
  });
});

describe('buildRoutes', () => {
  it('makes a route of every node with a path, hidden ones included', () => {
    const routes = buildRoutes(menus);
    expect([...routes.keys()]).toEqual([
      '/Web/Basic/Index/index',
      '/Web/Basic/Building/listConfig',
      '/Web/Basic/House/listConfig',
      '/Web/Basic/Hidden/listConfig',
      '/Web/Repair/RepairManagement/listConfig',
    ]);
    expect(routes.get('/Web/Basic/Hidden/listConfig')?.hidden).toBe(true);
    expect(routes.get('/Web/Repair/RepairManagement/listConfig')?.titles).toEqual(['报事报修', '工单', '报修管理']);
    expect(routes.get('/Web/Basic/Building/listConfig')?.topId).toBe(menus[1].id);
  });
});

describe('firstRoute and side menus', () => {
  it('finds the first visible page in menu order', () => {
    expect(firstRoute(menus)).toBe('/Web/Basic/Index/index');
    expect(firstRoute(menus.slice(1))).toBe('/Web/Basic/Building/listConfig');
    expect(firstRoute([])).toBeNull();
  });
  it('side menu of a group is its visible children; of a page, the page itself', () => {
    expect(sideMenusOf(menus[1]).map((n) => n.title)).toEqual(['楼栋管理', '房屋管理']);
    expect(sideMenusOf(menus[0]).map((n) => n.title)).toEqual(['工作台']);
    expect(sideMenusOf(undefined)).toEqual([]);
  });
});
