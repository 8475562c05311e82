import type { MenuNode } from '@5a/contracts';
import type { MenuProps } from 'antd';
import { MenuIcon } from '../menu/icons.tsx';
import { normalizePath } from '../menu/menuTree.ts';

type Item = Required<MenuProps>['items'][number];

export const groupKey = (n: MenuNode) => `g:${n.id}`;

/** antd Menu items from menu nodes: groups (no path or with visible children) become submenus. */
export const toMenuItems = (nodes: MenuNode[]): Item[] =>
  nodes
    .filter((n) => !n.hidden)
    .map((n): Item => {
      const children = n.children.filter((c) => !c.hidden);
      const path = normalizePath(n.path);
      if (children.length > 0 || !path) {
        return {
          key: groupKey(n),
          label: n.title,
          icon: <MenuIcon name={n.icon} title={n.title} />,
          children: toMenuItems(children),
        };
      }
      return {
        key: path,
        label: <span data-testid={`side-menu-${path}`}>{n.title}</span>,
        icon: <MenuIcon name={n.icon} title={n.title} />,
      };
    });

/** Keys of the groups on the way to `path` (to open the side menu on the current route). */
export const openKeysFor = (nodes: MenuNode[], path: string): string[] => {
  for (const n of nodes) {
    if (normalizePath(n.path) === path) return [];
    const inner = openKeysFor(n.children, path);
    if (inner.length > 0 || n.children.some((c) => normalizePath(c.path) === path)) return [groupKey(n), ...inner];
  }
  return [];
};

/** Find a node by its menu key (path of a page). */
export const findByPath = (nodes: MenuNode[], path: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (normalizePath(n.path) === path) return n;
    const inner = findByPath(n.children, path);
    if (inner) return inner;
  }
  return undefined;
};
