import { INDEX_PATH } from '../../config.ts';
import { normalizePath, type MenuRoute } from '../menu/menuTree.ts';

/** Route guard: these paths need no token. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/adminlogin',
  '/operatorlogin',
  '/visitor_reg',
  '/ol_pay',
  '/wap_pay_page',
  '/sandbox_pay',
  '/openmonitor',
  '/operator',
];

export type GuardDecision = { kind: 'public' } | { kind: 'login'; to: string } | { kind: 'auth' };

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.includes(normalizePath(pathname));

export const loginRedirect = (fullPath: string, loginPage = '/login') =>
  fullPath && fullPath !== '/' ? `${loginPage}?redirect=${encodeURIComponent(fullPath)}` : loginPage;

/** First step of the guard: public, go to login (remembering the full path), or authenticated. */
export const guardDecision = (pathname: string, search: string, token: string | null): GuardDecision => {
  if (isPublicPath(pathname)) return { kind: 'public' };
  if (!token) return { kind: 'login', to: loginRedirect(pathname + search) };
  return { kind: 'auth' };
};

/** Fixed routes rendered inside the shell (as tabs) besides the menu routes. */
export const shellFixedRoutes: Record<string, { title: string; component: string }> = {
  '/log': { title: '前端日志', component: 'FrontLog' },
};

/** Fixed routes that require login but render without the shell. */
export const standaloneRoutes: Record<string, string> = {
  '/apicture': '一张图物业数据',
  '/epidemic': '疫情防控大数据分析',
  '/community-screen': '社区大数据',
  '/property-screen': '物业一张图',
  '/city-screen': '城市信息中心',
  '/cockpit': '运营驾驶舱',
  '/Web/Internet/MonitorScreen/index': '监控大屏',
};

export type AuthedTarget =
  | { kind: 'redirect'; to: string }
  | { kind: 'refresh' }
  | { kind: 'redirectUtility'; to: string }
  | { kind: 'standalone'; title: string; path: string }
  | { kind: 'shell' }
  | { kind: 'empty' }
  | { kind: 'notFound' };

/** Safe in-app target of a ?redirect= value: only local absolute paths. */
export const safeRedirect = (value: string | null | undefined): string =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : '/';

/**
 * Second step, once user and menu are loaded: what an authenticated path renders.
 * '/' goes to the workbench when the menu has it, else to the first permitted route.
 */
export const resolveAuthed = (
  pathname: string,
  search: string,
  routes: Map<string, MenuRoute>,
  firstPath: string | null,
): AuthedTarget => {
  const path = normalizePath(pathname) || '/';
  if (path === '/') {
    if (routes.has(INDEX_PATH)) return { kind: 'redirect', to: INDEX_PATH };
    return firstPath ? { kind: 'redirect', to: firstPath } : { kind: 'empty' };
  }
  if (path === '/refresh') return { kind: 'refresh' };
  if (path === '/redirect' || path.startsWith('/redirect/')) {
    return { kind: 'redirectUtility', to: safeRedirect(path.slice('/redirect'.length) + search) };
  }
  if (path in standaloneRoutes) return { kind: 'standalone', title: standaloneRoutes[path], path };
  if (path in shellFixedRoutes || routes.has(path)) return { kind: 'shell' };
  return { kind: 'notFound' };
};
