import type { MenuNode } from '@5a/contracts';

/** A route built from a menu node that has a path. */
export type MenuRoute = {
  path: string;
  name: string;
  title: string;
  /** titles from the top group down to this node */
  titles: string[];
  component: string;
  cache: boolean;
  hidden: boolean;
  external: boolean;
  url: string;
  /** id of the first-level menu node this route belongs to */
  topId: number;
};

export type SearchItem = { path: string; title: string; external: boolean; url: string };

export const normalizePath = (p: string) => {
  if (!p) return '';
  const withSlash = p.startsWith('/') || /^https?:\/\//.test(p) ? p : `/${p}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
};

/** Every node with a path becomes a route (hidden ones too: they are routable, just not listed). */
export const buildRoutes = (menus: MenuNode[]): Map<string, MenuRoute> => {
  const routes = new Map<string, MenuRoute>();
  const walk = (nodes: MenuNode[], titles: string[], topId: number | null) => {
    for (const n of nodes) {
      const chain = [...titles, n.title];
      const top = topId ?? n.id;
      const path = normalizePath(n.path);
      if (path && !routes.has(path)) {
        routes.set(path, {
          path,
          name: n.name,
          title: n.title,
          titles: chain,
          component: n.component,
          cache: n.cache,
          hidden: n.hidden,
          external: n.external,
          url: n.url,
          topId: top,
        });
      }
      walk(n.children, chain, top);
    }
  };
  walk(menus, [], null);
  return routes;
};

/** Menu search pool: visible routes, full titles joined by ' / '. */
export const buildSearchPool = (menus: MenuNode[]): SearchItem[] => {
  const pool: SearchItem[] = [];
  const walk = (nodes: MenuNode[], titles: string[]) => {
    for (const n of nodes) {
      if (n.hidden) continue;
      const chain = [...titles, n.title];
      const path = normalizePath(n.path);
      const visibleChildren = n.children.filter((c) => !c.hidden);
      if (path && visibleChildren.every((c) => !c.path)) {
        pool.push({ path, title: chain.join(' / '), external: n.external, url: n.url });
      }
      walk(n.children, chain);
    }
  };
  walk(menus, []);
  return pool;
};

/** Spellings of a title to match besides the title itself (full pinyin and initials: 'qianfeicuijiao', 'qfcj'). */
export type Spell = (title: string) => string[];

/**
 * Pool entries matching the keyword by title, path or — once `spell` is given (the pinyin library loads with the
 * search dialog) — by a spelling of a title; pages whose own title matches come before those matched only
 * through a parent group.
 */
export const filterSearchPool = (pool: SearchItem[], keyword: string, spell?: Spell) => {
  const k = keyword.trim().toLowerCase().replace(/\s+/g, '');
  if (!k) return pool;
  const matches = (title: string) =>
    title.toLowerCase().includes(k) || (spell?.(title).some((s) => s.includes(k)) ?? false);
  const own = (i: SearchItem) => matches(i.title.split(' / ').pop() ?? '');
  const hits = pool.filter((i) => own(i) || matches(i.title) || i.path.toLowerCase().includes(k));
  return [...hits.filter(own), ...hits.filter((i) => !own(i))];
};

/** First visible, non-external route in menu order (the '/' fallback). */
export const firstRoute = (menus: MenuNode[]): string | null => {
  for (const n of menus) {
    if (n.hidden) continue;
    const path = normalizePath(n.path);
    if (path && !n.external) return path;
    const inner = firstRoute(n.children);
    if (inner) return inner;
  }
  return null;
};

/** Top menu: visible first-level nodes. */
export const topMenus = (menus: MenuNode[]) => menus.filter((n) => !n.hidden);

/** Side menu of a top node: its visible children, or the node itself when it is a page. */
export const sideMenusOf = (top: MenuNode | undefined): MenuNode[] => {
  if (!top) return [];
  const children = top.children.filter((c) => !c.hidden);
  if (children.length > 0) return children;
  return top.path ? [top] : [];
};
