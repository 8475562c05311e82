import { DownOutlined, LogoutOutlined, SettingOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { App, Dropdown, Space } from 'antd';
// antd's Avatar without its index, whose Avatar.Group brings Popover (~3 kB gzip) into every page's shell
import Avatar from 'antd/es/avatar/Avatar';
import { useState } from 'react';
import { useSession } from '../guard/session.ts';
import { t } from '../../lib/i18n.ts';
import { logout } from '../logout.ts';
import { lazyDialog } from '../settings/lazyDialog.tsx';

const EnvDialog = lazyDialog(() => import('../settings/EnvDialog.tsx').then((m) => m.EnvDialog));
const UserSettingsDialog = lazyDialog(() =>
  import('../settings/UserSettingsDialog.tsx').then((m) => m.UserSettingsDialog),
);

// non-literal objects: data-* attributes pass through to the buttons
const okProps = { type: 'primary' as const, 'data-testid': 'logout-confirm-ok' };
const cancelProps = { type: 'default' as const, 'data-testid': 'logout-confirm-cancel' };

/** User dropdown: 个人设置, 环境设置, 退出登录 (confirmed; cancelling says 已取消退出 / 'cancel logout'). */
export const UserMenu = ({ compact = false }: { compact?: boolean }) => {
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [envOpen, setEnvOpen] = useState(false);

  const confirmLogout = () => {
    modal.confirm({
      title: t('logoutConfirmTitle'),
      content: t('logoutConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: okProps,
      cancelButtonProps: cancelProps,
      onOk: () => logout(),
      onCancel: () => {
        void message.info(t('logoutCancelled'));
      },
    });
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'settings',
              icon: <SettingOutlined />,
              label: <span data-testid="user-menu-settings">{t('userSettings')}</span>,
            },
            { key: 'env', icon: <ToolOutlined />, label: <span data-testid="user-menu-env">{t('envSettings')}</span> },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: <span data-testid="user-menu-logout">{t('logout')}</span>,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'settings') setSettingsOpen(true);
            else if (key === 'env') setEnvOpen(true);
            else if (key === 'logout') confirmLogout();
          },
        }}
      >
        <Space
          className="header-user"
          data-testid="user-menu"
          role="button"
          aria-label={compact ? user.name : undefined}
        >
          <Avatar size="small" icon={<UserOutlined />} />
          {/* a phone shows the avatar only (the name is the button's label), so the menu stays on screen */}
          {compact ? null : <span data-testid="user-name">{user.name}</span>}
          {compact ? null : <DownOutlined style={{ fontSize: 10 }} />}
        </Space>
      </Dropdown>
      <UserSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <EnvDialog open={envOpen} onClose={() => setEnvOpen(false)} />
    </>
  );
};
