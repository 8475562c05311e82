import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginPageKind } from '@5a/contracts';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/endpoints.ts';
import { useAuthStore, type LoginPagePath } from '../../store/auth.ts';
import { useSettingsStore } from '../../store/settings.ts';
import { safeRedirect } from '../guard/guard.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { LoginFooter } from './LoginFooter.tsx';
import './login.css';

export type LoginVariant = keyof typeof loginPageKind;

const titles: Record<LoginVariant, string> = {
  login: '物业登录',
  adminlogin: '平台管理员登录',
  operatorlogin: '运营商登录',
};

type Values = { username: string; password: string };

/** SPEC §2 login page; the variant (route name) picks the login endpoint kind. */
export const LoginPage = ({ variant }: { variant: LoginVariant }) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const signIn = useAuthStore((s) => s.signIn);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const clearExit = useAuthStore((s) => s.clearExit);
  useDocumentTitle(titles[variant]);
  useEffect(() => clearExit(), [clearExit]);

  const onFinish = async (v: Values) => {
    setLoading(true);
    setError('');
    try {
      const data = await login(loginPageKind[variant], v.username.trim(), v.password);
      const page: LoginPagePath = `/${variant}`;
      signIn(data, page);
      if (data.theme) setTheme(data.theme);
      void message.success('login successful', 2);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      const msg = e instanceof Error ? e.message : '登录失败';
      setError(msg);
      void message.error(msg);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={`login-page login-${variant}`} data-testid="login-page">
      <div className="login-main">
        <Card className="login-card" variant="borderless">
          <div className="login-brand">5A云小区</div>
          <Typography.Title level={3} className="login-title" data-testid="login-title">
            {titles[variant]}
          </Typography.Title>
          {error ? <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
          <Form<Values>
            size="large"
            onFinish={(v) => void onFinish(v)}
            onFinishFailed={() => void message.error('表单校验失败，请检查')}
            data-testid="login-form"
          >
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <Input prefix={<UserOutlined />} placeholder="请输入用户名" data-testid="login-username" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" data-testid="login-password" autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
              登录
            </Button>
          </Form>
        </Card>
      </div>
      <LoginFooter />
    </div>
  );
};
