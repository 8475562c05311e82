import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginPageKind } from '@5a/contracts';
import { Alert, App, Button } from 'antd';
// the two inputs by their own modules: antd's Input barrel also attaches TextArea, Search, OTP and Group
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Suspense, lazy, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Code } from '@5a/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/endpoints.ts';
import { ApiError } from '../../api/http.ts';
import { useAuthStore, type LoginPagePath } from '../../store/auth.ts';
import { useSettingsStore } from '../../store/settings.ts';
import { safeRedirect } from '../guard/guard.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { LoginFooter } from './LoginFooter.tsx';
import { loginFieldError, validateLogin, type LoginErrors, type LoginField, type LoginValues } from './loginForm.ts';
import './login.css';

// the captcha shows only after failed tries: its code stays out of the login page's first load
const LoginCaptcha = lazy(() => import('./LoginCaptcha.tsx').then((m) => ({ default: m.LoginCaptcha })));

export type LoginVariant = keyof typeof loginPageKind;

const titles: Record<LoginVariant, string> = {
  login: '物业登录',
  adminlogin: '平台管理员登录',
  operatorlogin: '运营商登录',
};

/** A field with its message underneath (the layout of an antd Form.Item, without antd Form). */
const LoginInput = ({
  field,
  error,
  children,
}: {
  field: LoginField;
  error: string | undefined;
  children: ReactNode;
}) => (
  <div className={error ? 'login-field login-field-invalid' : 'login-field'}>
    {children}
    {error ? (
      <div className="login-field-error" id={`login-${field}-error`} role="alert">
        {error}
      </div>
    ) : null}
  </div>
);

/** Login page; the variant (route name) picks the login endpoint kind. */
export const LoginPage = ({ variant }: { variant: LoginVariant }) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
  // the server asks for a captcha after failures; each picture answers one try, so a failed try loads the next
  const [captchaOn, setCaptchaOn] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [randstr, setRandstr] = useState('');
  const [ticket, setTicket] = useState('');
  const [ticketError, setTicketError] = useState<string>();
  const signIn = useAuthStore((s) => s.signIn);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const clearExit = useAuthStore((s) => s.clearExit);
  useDocumentTitle(titles[variant]);
  useEffect(() => clearExit(), [clearExit]);

  // validated on every change and on submit, as antd Form would
  const change = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: loginFieldError(field, value) }));
  };

  const changeTicket = (value: string) => {
    setTicket(value);
    setTicketError(value.trim() ? undefined : '请输入验证码');
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = validateLogin(values);
    setFieldErrors(errors);
    const noTicket = captchaOn && !ticket.trim();
    if (noTicket) setTicketError('请输入验证码');
    if (Object.keys(errors).length > 0 || noTicket) void message.error('表单校验失败，请检查');
    else void onFinish(values);
  };

  const onFinish = async (v: LoginValues) => {
    setLoading(true);
    setError('');
    try {
      const captcha = captchaOn ? { randstr, ticket: ticket.trim() } : undefined;
      const data = await login(loginPageKind[variant], v.username.trim(), v.password, captcha);
      const page: LoginPagePath = `/${variant}`;
      signIn(data, page);
      if (data.theme) setTheme(data.theme);
      void message.success('login successful', 2);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      const msg = e instanceof Error ? e.message : '登录失败';
      if (captchaOn || (e instanceof ApiError && e.code === Code.captchaRequired)) {
        setCaptchaOn(true);
        setTicket('');
        setCaptchaRound((n) => n + 1);
      }
      setError(msg);
      void message.error(msg);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={`login-page login-${variant}`} data-testid="login-page">
      <div className="login-main">
        {/* plain elements, not Card / Typography: those bring tabs, menus and tooltips into the first page's JS */}
        <div className="login-card">
          <div className="login-brand">5A云小区</div>
          <h3 className="login-title" data-testid="login-title">
            {titles[variant]}
          </h3>
          {error ? (
            <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} data-testid="login-error" />
          ) : null}
          <form onSubmit={onSubmit} noValidate data-testid="login-form">
            <LoginInput field="username" error={fieldErrors.username}>
              <Input
                size="large"
                prefix={<UserOutlined />}
                placeholder="请输入用户名"
                data-testid="login-username"
                autoComplete="username"
                autoFocus
                value={values.username}
                onChange={(e) => change('username', e.target.value)}
                status={fieldErrors.username ? 'error' : undefined}
                aria-invalid={Boolean(fieldErrors.username)}
                aria-describedby={fieldErrors.username ? 'login-username-error' : undefined}
              />
            </LoginInput>
            <LoginInput field="password" error={fieldErrors.password}>
              <Password
                size="large"
                prefix={<LockOutlined />}
                placeholder="请输入密码"
                data-testid="login-password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => change('password', e.target.value)}
                status={fieldErrors.password ? 'error' : undefined}
                aria-invalid={Boolean(fieldErrors.password)}
                aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
              />
            </LoginInput>
            {captchaOn ? (
              <Suspense fallback={null}>
                <LoginCaptcha
                  refresh={captchaRound}
                  ticket={ticket}
                  error={ticketError}
                  onTicket={changeTicket}
                  onRandstr={setRandstr}
                />
              </Suspense>
            ) : null}
            <Button type="primary" size="large" htmlType="submit" block loading={loading} data-testid="login-submit">
              登录
            </Button>
          </form>
        </div>
      </div>
      <LoginFooter />
    </div>
  );
};
