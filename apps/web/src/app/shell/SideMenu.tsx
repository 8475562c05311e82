import type { MenuNode } from '@5a/contracts';
import { Empty, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../lib/i18n.ts';
import { useNavigate } from '../../lib/router.tsx';
import { findByPath, openKeysFor, toMenuItems } from './menuItems.tsx';

type Props = { nodes: MenuNode[]; activePath: string; collapsed: boolean; onNavigate?: () => void };

/** Side menu: inline, 200 px / 65 px collapsed; 'no side menu' when empty. */
export const SideMenu = ({ nodes, activePath, collapsed, onNavigate }: Props) => {
  const navigate = useNavigate();
  const items = useMemo(() => toMenuItems(nodes), [nodes]);
  // the user's open groups, plus the groups leading to a newly active page
  const [opened, setOpened] = useState(() => ({ path: activePath, keys: openKeysFor(nodes, activePath) }));
  // the same arrays until they change: antd's Menu copies a controlled value into its state in a layout effect
  // whenever the value is a new object, one more synchronous render of the whole menu after each of the shell's
  const openKeys = useMemo(
    () =>
      opened.path === activePath
        ? opened.keys
        : Array.from(new Set([...opened.keys, ...openKeysFor(nodes, activePath)])),
    [opened, activePath, nodes],
  );
  const selectedKeys = useMemo(() => [activePath], [activePath]);
  const setOpenKeys = (keys: string[]) => setOpened({ path: activePath, keys });

  if (items.length === 0) {
    return (
      <div className="side-menu-empty" data-testid="side-menu-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSideMenu')} />
      </div>
    );
  }
  return (
    <Menu
      mode="inline"
      data-testid="side-menu"
      items={items}
      selectedKeys={selectedKeys}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        const node = findByPath(nodes, key);
        if (node?.external) {
          window.open(node.url || node.path, '_blank', 'noopener');
          onNavigate?.();
          return;
        }
        onNavigate?.();
        void navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
};
