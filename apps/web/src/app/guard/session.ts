import type { MenuNode, UserInfo } from '@5a/contracts';
import { createContext, useContext } from 'react';
import { getMenu, getUser } from '../../api/endpoints.ts';
import { buildRoutes, buildSearchPool, firstRoute, type MenuRoute, type SearchItem } from '../menu/menuTree.ts';

/** What the guard loads once per session: user info and the menu-driven routes. */
export type Session = {
  user: UserInfo;
  menus: MenuNode[];
  perms: string[];
  routes: Map<string, MenuRoute>;
  firstPath: string | null;
  searchPool: SearchItem[];
};

export const sessionQueryKey = (token: string) => ['session', token] as const;

export const buildSession = (user: UserInfo, menus: MenuNode[], perms: string[]): Session => ({
  user,
  menus,
  perms,
  routes: buildRoutes(menus),
  firstPath: firstRoute(menus),
  searchPool: buildSearchPool(menus),
});

export const loadSession = async (): Promise<Session> => {
  const [user, menu] = await Promise.all([getUser(), getMenu()]);
  return buildSession(user, menu.menus, menu.perms);
};

export const SessionContext = createContext<Session | null>(null);

export const useSession = (): Session => {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used under the route guard');
  return s;
};
