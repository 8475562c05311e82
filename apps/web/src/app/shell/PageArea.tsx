import { createElement, memo, Suspense } from 'react';
import { useTabsStore } from '../../store/tabs.ts';
import { useSession } from '../guard/session.ts';
import { Loading } from '../Loading.tsx';
import type { PageRoute } from '../pages/pageTypes.ts';
import { resolvePage } from '../pages/registry.ts';
import { pageRouteOfKey } from './pageRoute.ts';

type HostProps = { route: PageRoute };

/** the same page: its route objects are made afresh on every render of the shell */
const samePage = ({ route: a }: HostProps, { route: b }: HostProps) =>
  a.fullPath === b.fullPath && a.title === b.title && a.name === b.name && a.component === b.component;

/**
 * resolvePage returns module-level lazy components, so the element type is stable per key. Memoized: a page
 * renders for its own state, not with every render of the shell (a tab switch, a route change), which otherwise
 * rendered every kept-alive page, tables and all.
 */
const PageHost = memo(
  ({ route }: HostProps) => (
    <Suspense fallback={<Loading />}>{createElement(resolvePage(route.component, route.path), { route })}</Suspense>
  ),
  samePage,
);

/**
 * Keep-alive: pages whose route has cache=true stay mounted while their tab is open
 * (hidden when inactive); other pages mount only while active.
 */
export const PageArea = ({ current }: { current: PageRoute }) => {
  const tabs = useTabsStore((s) => s.tabs);
  const reloads = useTabsStore((s) => s.reloads);
  const { routes } = useSession();
  const cached: PageRoute[] = [];
  let currentPlaced = false;
  for (const t of tabs) {
    if (t.key === current.fullPath) {
      if (current.cache) cached.push(current);
      currentPlaced = true;
      continue;
    }
    if (!t.cache) continue;
    const r = pageRouteOfKey(t.key, routes);
    if (r?.cache) cached.push(r);
  }
  if (current.cache && !currentPlaced) cached.push(current);
  return (
    <div className="shell-pages">
      {cached.map((r) => (
        <div
          key={`c:${r.fullPath}:${reloads[r.fullPath] ?? 0}`}
          className="shell-page"
          hidden={r.fullPath !== current.fullPath}
          data-testid={`page-${r.fullPath}`}
        >
          <PageHost route={r} />
        </div>
      ))}
      {current.cache ? null : (
        <div
          key={`n:${current.fullPath}:${reloads[current.fullPath] ?? 0}`}
          className="shell-page"
          data-testid={`page-${current.fullPath}`}
        >
          <PageHost route={current} />
        </div>
      )}
    </div>
  );
};
