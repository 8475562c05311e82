import { BgColorsOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { MenuNode } from '@5a/contracts';
import { Button, Layout, Menu, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../lib/i18n.ts';
import { useNavigate } from '../../lib/router.tsx';
import { useShellStore } from '../../store/shell.ts';
import { NoticeMenu } from '../../features/notice/NoticeMenu.tsx';
import { useSession } from '../guard/session.ts';
import { MenuIcon } from '../menu/icons.tsx';
import { normalizePath } from '../menu/menuTree.ts';
import { lazyDialog } from '../settings/lazyDialog.tsx';
import { EventBell } from './EventBell.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { SizeMenu } from './SizeMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

// the theme picker loads when opened
const ThemeDialog = lazyDialog(() => import('../settings/ThemeDialog.tsx').then((m) => m.ThemeDialog));

type Props = {
  tops: MenuNode[];
  topId: number | null;
  onTopSelect: (id: number) => void;
  /** a phone: no top menu, the toggle opens the menu drawer, only what a phone needs on the right */
  phone: boolean;
  onOpenDrawer: () => void;
};

/** Header: logo, collapse toggle, top menu, search, bell, fullscreen, theme, size, user. */
export const Header = ({ tops, topId, onTopSelect, phone, onOpenDrawer }: Props) => {
  const collapsed = useShellStore((s) => s.collapsed);
  const toggle = useShellStore((s) => s.toggleCollapsed);
  const navigate = useNavigate();
  const [themeOpen, setThemeOpen] = useState(false);
  const { user } = useSession();
  // new arrays only when they change: antd's Menu copies a new selection into its state with one more render, and
  // new items make its overflow measure the bar again
  const selectedTop = useMemo(() => (topId === null ? [] : [String(topId)]), [topId]);
  const topItems = useMemo(
    () =>
      tops.map((n) => ({
        key: String(n.id),
        icon: <MenuIcon name={n.icon} title={n.title} />,
        label: <span data-testid={`top-menu-${n.id}`}>{n.title}</span>,
      })),
    [tops],
  );

  const selectTop = (key: string) => {
    const node = tops.find((n) => String(n.id) === key);
    if (!node) return;
    onTopSelect(node.id);
    const path = normalizePath(node.path);
    const isPage = path && node.children.every((c) => c.hidden);
    if (isPage && node.external) window.open(node.url || path, '_blank', 'noopener');
    else if (isPage) void navigate(path);
  };

  return (
    <Layout.Header className="shell-header" data-testid="shell-header">
      <div className={`shell-logo${collapsed || phone ? ' collapsed' : ''}`} data-testid="logo">
        <span className="shell-logo-mark">5A</span>
        <span className="shell-logo-text">{t('appName')}</span>
      </div>
      {phone ? (
        <Button
          type="text"
          className="shell-collapse"
          icon={<MenuUnfoldOutlined />}
          onClick={onOpenDrawer}
          aria-label={t('openMenu')}
          data-testid="menu-drawer-toggle"
        />
      ) : null}
      {phone ? <div className="shell-header-fill" /> : null}
      {phone ? null : (
        <Button
          type="text"
          className="shell-collapse"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggle}
          aria-label={collapsed ? t('expandSider') : t('collapseSider')}
          data-testid="sidebar-toggle"
          data-collapsed={collapsed ? 'true' : 'false'}
        />
      )}
      {phone ? null : (
        <Menu
          className="shell-top-menu"
          mode="horizontal"
          data-testid="top-menu"
          selectedKeys={selectedTop}
          items={topItems}
          onClick={({ key }) => selectTop(key)}
        />
      )}
      <Space size={phone ? 0 : 4} className="shell-header-right">
        <MenuSearch />
        {user.kind === 'web' && !phone && <NoticeMenu />}
        <EventBell />
        {phone ? null : (
          <>
            <FullscreenButton />
            <Tooltip title={t('theme')}>
              <Button
                type="text"
                icon={<BgColorsOutlined />}
                onClick={() => setThemeOpen(true)}
                aria-label={t('theme')}
                data-testid="header-theme"
              />
            </Tooltip>
            <SizeMenu />
          </>
        )}
        <UserMenu compact={phone} />
      </Space>
      <ThemeDialog open={themeOpen} onClose={() => setThemeOpen(false)} />
    </Layout.Header>
  );
};
