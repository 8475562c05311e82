import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { INDEX_PATH, REPORT_LIST_PATH } from '../../config.ts';
import { onLocationChange, useLocation } from '../../lib/router.tsx';
import { usePhone } from '../../lib/usePhone.ts';
import { useSettingsStore } from '../../store/settings.ts';
import { useShellStore } from '../../store/shell.ts';
import { useTabsStore } from '../../store/tabs.ts';
import { useSession } from '../guard/session.ts';
import { sideMenusOf, topMenus } from '../menu/menuTree.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { useEventPolling } from './EventBell.tsx';
import { lazyDialog } from '../settings/lazyDialog.tsx';
import { AbnormalDialog } from '../../features/notice/AbnormalDialog.tsx';
import { useNoticeListener } from '../../features/notice/useNoticeListener.ts';
import { Header } from './Header.tsx';
import { PageArea } from './PageArea.tsx';
import { pageRouteOf } from './pageRoute.ts';
import { ServiceBanner } from './ServiceBanner.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TabBar } from './TabBar.tsx';
import './shell.css';

// a path outside the menu is rare: antd Result comes with it, not with the shell
const NotFound = lazy(() => import('../pages/NotFound.tsx').then((m) => ({ default: m.NotFound })));

// a phone's menu drawer loads when first opened
const MenuDrawer = lazyDialog(() => import('./MenuDrawer.tsx').then((m) => m.MenuDrawer));

const FirstLoginPasswordDialog = lazyDialog(() =>
  import('../settings/UserSettingsDialog.tsx').then((m) => m.FirstLoginPasswordDialog),
);

/** The logged-in layout: header, side menu, tab bar and the keep-alive page area. */
export const Shell = () => {
  const { user, menus, routes } = useSession();
  const { pathname, search } = useLocation();
  const route = pageRouteOf(pathname, search, routes);
  const collapsed = useShellStore((s) => s.collapsed);
  const shellUser = useShellStore((s) => s.userId);
  const initShell = useShellStore((s) => s.initUser);
  const tabsUser = useTabsStore((s) => s.userId);
  const initTabs = useTabsStore((s) => s.init);
  const openTab = useTabsStore((s) => s.open);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const phone = usePhone();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // per-user state, set up before the first tab opens (layout effects run before effects)
  useLayoutEffect(() => {
    if (shellUser !== user.id) initShell(user.id);
  }, [shellUser, user.id, initShell]);
  useLayoutEffect(() => {
    if (tabsUser === user.id) return;
    const index = routes.get(INDEX_PATH);
    const affix = index ? { key: INDEX_PATH, path: INDEX_PATH, title: index.title, cache: index.cache } : null;
    initTabs(user.id, (p) => routes.has(p) || p === '/log', affix);
  }, [tabsUser, user.id, routes, initTabs]);

  useEffect(() => {
    if (user.theme) setTheme(user.theme);
  }, [user.theme, setTheme]);

  const key = route?.fullPath ?? '';
  const title = route?.title ?? '';
  const path = route?.path ?? '';
  const cache = route?.cache ?? false;
  useEffect(() => {
    if (!key) return;
    openTab({ key, path, title, cache });
  }, [key, path, title, cache, openTab]);
  useDocumentTitle(title);
  // open the tab as soon as the navigation completes, even while a lazy page is still loading
  useEffect(
    () =>
      onLocationChange((p, q) => {
        const r = pageRouteOf(p, q, routes);
        if (r) openTab({ key: r.fullPath, path: r.path, title: r.title, cache: r.cache });
      }),
    [routes, openTab],
  );

  useEventPolling(routes.has(REPORT_LIST_PATH));
  // the listen-abnormal flag: a property company's user is signed in
  useNoticeListener(user.kind === 'web');

  const tops = useMemo(() => topMenus(menus), [menus]);
  const routeTop = route ? routes.get(route.path)?.topId : undefined;
  // a top-menu click holds until the route moves to another top group
  const [picked, setPicked] = useState<{ routeTop: number | undefined; id: number } | null>(null);
  const topId = picked && picked.routeTop === routeTop ? picked.id : (routeTop ?? tops[0]?.id ?? null);
  const setTopId = (id: number) => setPicked({ routeTop, id });
  const sideNodes = useMemo(() => sideMenusOf(tops.find((t) => t.id === topId)), [tops, topId]);

  return (
    <Layout className={phone ? 'shell shell-phone' : 'shell'} data-testid="shell" data-phone={phone ? 'true' : 'false'}>
      <Header tops={tops} topId={topId} onTopSelect={setTopId} phone={phone} onOpenDrawer={() => setDrawerOpen(true)} />
      {phone ? (
        <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} tops={tops} activePath={route?.path ?? ''} />
      ) : null}
      <Layout>
        {phone ? null : (
          <Layout.Sider
            className="shell-sider"
            theme="light"
            width={200}
            collapsedWidth={65}
            collapsed={collapsed}
            trigger={null}
            collapsible
            data-testid="side-bar"
          >
            <SideMenu nodes={sideNodes} activePath={route?.path ?? ''} collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout.Content className="shell-content">
          <ServiceBanner />
          <TabBar active={key} />
          {/* a first login shows no page until the password is changed: every other call would be refused */}
          {user.mustChangePassword ? (
            <FirstLoginPasswordDialog open onClose={() => undefined} />
          ) : (
            <div className="shell-main">
              {route ? (
                <PageArea current={route} />
              ) : (
                <Suspense fallback={null}>
                  <NotFound />
                </Suspense>
              )}
            </div>
          )}
        </Layout.Content>
      </Layout>
      <AbnormalDialog />
    </Layout>
  );
};
