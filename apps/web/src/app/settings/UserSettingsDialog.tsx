import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { editUser } from '../../api/endpoints.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { useAuthStore } from '../../store/auth.ts';
import { sessionQueryKey, useSession, type Session } from '../guard/session.ts';
import { userEditBody, userEditErrors, type UserEditField, type UserEditValues } from './userEdit.ts';

/** forced: a first login's password, set by someone else, must be replaced before the user can go on */
type Props = { open: boolean; onClose: () => void; forced?: boolean };

const empty: UserEditValues = { name: '', old_password: '', user_password: '', re_password: '' };

/** User settings dialog: 用户昵称, 旧密码, 新密码, 确认密码. */
export const UserSettingsDialog = ({ open, onClose, forced = false }: Props) => {
  const { message } = App.useApp();
  const { user } = useSession();
  const token = useAuthStore((s) => s.token);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserEditValues>();

  useEffect(() => {
    if (open) form.setFieldsValue({ ...empty, name: user.name });
  }, [open, form, user.name]);

  const values = (): UserEditValues => ({ ...empty, ...form.getFieldsValue(true) });
  const ruleFor = (field: UserEditField): Rule => ({
    validator: async () => {
      const err = userEditErrors(values(), forced)[field];
      if (err) throw new Error(err);
    },
  });

  // a first login's flag is cleared on the server: reload the session to leave the forced dialog
  const refresh = async () => {
    if (token && forced) await queryClient.invalidateQueries({ queryKey: sessionQueryKey(token) });
    else if (token) {
      const name = values().name.trim();
      queryClient.setQueryData<Session>(sessionQueryKey(token), (s) => (s ? { ...s, user: { ...s.user, name } } : s));
    }
  };

  return (
    <ActionDialog
      title={forced ? '首次登录，请修改初始密码' : '个人设置'}
      open={open}
      okText="保存"
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      forceRender
      destroyOnHidden={false}
      form={form}
      // the rules read every field (values()); the call is silent, so its failure is said here
      send={() => editUser(userEditBody(values(), user.kind === 'sys'))}
      success={() => '修改成功'}
      onClose={onClose}
      onDone={refresh}
      onError={(e) => void message.error(`修改失败${e instanceof Error && e.message ? `：${e.message}` : ''}`)}
    >
      <Form form={form} labelCol={{ span: 5 }} data-testid="user-settings-form" autoComplete="off">
        <Form.Item label="用户昵称" name="name" rules={[ruleFor('name')]} required>
          <Input data-testid="settings-name" maxLength={32} />
        </Form.Item>
        <Form.Item
          label="旧密码"
          name="old_password"
          rules={[ruleFor('old_password')]}
          dependencies={['user_password', 're_password']}
        >
          <Input.Password data-testid="settings-old-password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="user_password" rules={[ruleFor('user_password')]}>
          <Input.Password data-testid="settings-new-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="re_password"
          rules={[ruleFor('re_password')]}
          dependencies={['user_password']}
        >
          <Input.Password data-testid="settings-re-password" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};

/** The settings dialog a first login cannot close without a new password. */
export const FirstLoginPasswordDialog = (p: Omit<Props, 'forced'>) => <UserSettingsDialog {...p} forced />;
