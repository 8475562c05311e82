import { useEffect, useMemo, type ReactNode } from 'react';
import { navigate as historyNavigate, useHistoryState, usePathname, useSearch } from 'wouter/use-browser-location';

/**
 * The app's router: the browser's history through wouter's location hooks, under the names the pages use.
 * The app needs exact paths, a catch-all, navigation with replace and state, and the search params: a data router
 * (react-router's was ~28 kB gzip on every page, the login page's too) brings loaders, actions and pattern ranking
 * nobody here uses.
 */
export type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFn = (to: string, opts?: NavigateOptions) => void;
export type Location = { pathname: string; search: string; state: unknown };

/** Location-change listeners, fed as soon as the history moves (before lazy pages render). */
type LocationListener = (pathname: string, search: string) => void;
const locationListeners = new Set<LocationListener>();
let lastLocation = '';

const emitLocation = () => {
  const { pathname, search } = window.location;
  if (pathname + search === lastLocation) return;
  lastLocation = pathname + search;
  locationListeners.forEach((l) => l(pathname, search));
};

if (typeof window !== 'undefined') {
  lastLocation = window.location.pathname + window.location.search;
  window.addEventListener('popstate', emitLocation);
}

export const onLocationChange = (listener: LocationListener) => {
  locationListeners.add(listener);
  return () => {
    locationListeners.delete(listener);
  };
};

export const navigate: NavigateFn = (to, opts) => {
  historyNavigate(to, { replace: opts?.replace ?? false, state: opts?.state ?? null });
  emitLocation();
};

export const useNavigate = (): NavigateFn => navigate;

export const useLocation = (): Location => {
  const pathname = usePathname();
  const search = useSearch();
  const state: unknown = useHistoryState();
  return useMemo(() => ({ pathname, search, state }), [pathname, search, state]);
};

export const useSearchParams = (): [URLSearchParams] => {
  const search = useSearch();
  return [useMemo(() => new URLSearchParams(search), [search])];
};

/** Navigates once rendered (a redirect); renders nothing. */
export const Navigate = ({ to, replace = false }: { to: string; replace?: boolean }) => {
  useEffect(() => {
    navigate(to, { replace });
  }, [to, replace]);
  return null;
};

/** '/Login/' finds '/login': paths match without case and trailing slash, as they did under react-router. */
const routeKey = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** Renders the element of the current path's route (exact paths), else `fallback`. */
export const Routes = ({ routes, fallback }: { routes: Record<string, ReactNode>; fallback: ReactNode }) => {
  const pathname = usePathname();
  const byKey = useMemo(() => new Map(Object.entries(routes).map(([p, el]) => [routeKey(p), el])), [routes]);
  return byKey.get(routeKey(pathname)) ?? fallback;
};
