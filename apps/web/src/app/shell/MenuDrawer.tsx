import type { MenuNode } from '@5a/contracts';
import { Drawer } from 'antd';
import { t } from '../../lib/i18n.ts';
import { SideMenu } from './SideMenu.tsx';

type Props = { open: boolean; onClose: () => void; tops: MenuNode[]; activePath: string };

/**
 * The phone's menu: the top menus and their side menus in one tree, in a drawer from the left (loaded when first
 * opened, so wide screens never fetch it). Choosing a page closes it.
 */
export const MenuDrawer = ({ open, onClose, tops, activePath }: Props) => (
  <Drawer
    open={open}
    onClose={onClose}
    placement="left"
    size={260}
    title={t('appName')}
    styles={{ body: { padding: 0 } }}
    rootClassName="shell-menu-drawer"
    data-testid="menu-drawer"
  >
    <SideMenu nodes={tops} activePath={activePath} collapsed={false} onNavigate={onClose} />
  </Drawer>
);
