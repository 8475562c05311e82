import { DownOutlined, LogoutOutlined, SettingOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { App, Dropdown, Space } from 'antd';
// antd's Avatar without its index, whose Avatar.Group brings Popover (~3 kB gzip) into every page's shell
import Avatar from 'antd/es/avatar/Avatar';
import { useState } from 'react';
import { useSession } from '../guard/session.ts';
import { logout } from '../logout.ts';
import { lazyDialog } from '../settings/lazyDialog.tsx';

const EnvDialog = lazyDialog(() => import('../settings/EnvDialog.tsx').then((m) => m.EnvDialog));
const UserSettingsDialog = lazyDialog(() =>
  import('../settings/UserSettingsDialog.tsx').then((m) => m.UserSettingsDialog),
);

// non-literal objects: data-* attributes pass through to the buttons
const okProps = { type: 'primary' as const, 'data-testid': 'logout-confirm-ok' };
const cancelProps = { type: 'default' as const, 'data-testid': 'logout-confirm-cancel' };

/** User dropdown: 个人设置, 环境设置, 退出登录 (confirmed; cancelling says 'cancel logout'). */
export const UserMenu = () => {
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [envOpen, setEnvOpen] = useState(false);

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: '确定注销并退出系统吗？',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: okProps,
      cancelButtonProps: cancelProps,
      onOk: () => logout(),
      onCancel: () => {
        void message.info('cancel logout');
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
              label: <span data-testid="user-menu-settings">个人设置</span>,
            },
            { key: 'env', icon: <ToolOutlined />, label: <span data-testid="user-menu-env">环境设置</span> },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">退出登录</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'settings') setSettingsOpen(true);
            else if (key === 'env') setEnvOpen(true);
            else if (key === 'logout') confirmLogout();
          },
        }}
      >
        <Space className="header-user" data-testid="user-menu" role="button">
          <Avatar size="small" icon={<UserOutlined />} />
          <span data-testid="user-name">{user.name}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
      <UserSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <EnvDialog open={envOpen} onClose={() => setEnvOpen(false)} />
    </>
  );
};
