import { shellFixedRoutes } from '../guard/guard.ts';
import { normalizePath, type MenuRoute } from '../menu/menuTree.ts';
import type { PageRoute } from '../pages/pageTypes.ts';

/** The page the shell shows for a location, or null when the path is not a shell route. */
export const pageRouteOf = (pathname: string, search: string, routes: Map<string, MenuRoute>): PageRoute | null => {
  const path = normalizePath(pathname);
  const query = search.startsWith('?') ? search.slice(1) : search;
  const fullPath = query ? `${path}?${query}` : path;
  const fixed = Object.hasOwn(shellFixedRoutes, path) ? shellFixedRoutes[path] : undefined;
  if (fixed)
    return {
      path,
      fullPath,
      search: query,
      title: fixed.title,
      name: fixed.component,
      component: fixed.component,
      cache: false,
    };
  const r = routes.get(path);
  if (!r) return null;
  return { path, fullPath, search: query, title: r.title, name: r.name, component: r.component, cache: r.cache };
};

/** Rebuild a PageRoute from a tab key (full path) for keep-alive rendering of hidden tabs. */
export const pageRouteOfKey = (key: string, routes: Map<string, MenuRoute>): PageRoute | null => {
  const i = key.indexOf('?');
  return i === -1 ? pageRouteOf(key, '', routes) : pageRouteOf(key.slice(0, i), key.slice(i), routes);
};
