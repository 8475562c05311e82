import { loginPageKind } from '@5a/contracts';
import { Suspense, lazy, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Code } from '@5a/contracts';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { login } from '../../api/endpoints.ts';
import { ApiError } from '../../api/http.ts';
import { whenAppFeedback } from '../../lib/feedback.ts';
import { t } from '../../lib/i18n.ts';
import { useAuthStore, type LoginPagePath } from '../../store/auth.ts';
import { themeColorOf, useSettingsStore } from '../../store/settings.ts';
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

// the outlined user and lock icons' paths (viewBox 64 64 896 896), inline: an icon library is more JS than the page
const icons = {
  username:
    'M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z',
  password:
    'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
} as const;

/**
 * A field with its icon and its message underneath (the look of antd's large Input in a Form.Item). The login page
 * is plain elements and CSS: antd (its theme, styles and components) was most of the first page's JS.
 */
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
    <span className="login-input">
      <svg
        className="login-input-icon"
        viewBox="64 64 896 896"
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden
      >
        <path d={icons[field]} />
      </svg>
      {children}
    </span>
    {error ? (
      <div className="login-field-error" id={`login-${field}-error`} role="alert">
        {error}
      </div>
    ) : null}
  </div>
);

/** A toast at the top of the page for a few seconds (antd's message, which the page does not load). */
const useToast = () => {
  const [toast, setToast] = useState<{ text: string; kind: 'error' | 'success'; n: number } | null>(null);
  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => setToast(null), 3000);
    return () => clearTimeout(t);
  }, [toast]);
  const show = (text: string, kind: 'error' | 'success' = 'error') =>
    setToast((t) => ({ text, kind, n: (t?.n ?? 0) + 1 }));
  const node = toast ? (
    <div className={`login-toast login-toast-${toast.kind}`} role="status" key={toast.n}>
      {toast.text}
    </div>
  ) : null;
  return { show, node };
};

/** Login page; the variant (route name) picks the login endpoint kind. */
export const LoginPage = ({ variant }: { variant: LoginVariant }) => {
  const toast = useToast();
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
  const primary = themeColorOf(useSettingsStore((s) => s.theme));
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
    if (Object.keys(errors).length > 0 || noTicket) toast.show('表单校验失败，请检查');
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
      // shown by the page we go to: this page's holder unmounts with it
      whenAppFeedback((f) => void f.message.success(t('loginSuccess'), 2));
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      const msg = e instanceof Error ? e.message : t('loginFailed');
      if (captchaOn || (e instanceof ApiError && e.code === Code.captchaRequired)) {
        setCaptchaOn(true);
        setTicket('');
        setCaptchaRound((n) => n + 1);
      }
      setError(msg);
      toast.show(msg);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={`login-page login-${variant}`} data-testid="login-page">
      {toast.node}
      <div className="login-main">
        {/* plain elements and CSS, no antd: its theme, styles and components were most of the first page's JS */}
        <div className="login-card">
          <div className="login-brand">5A云小区</div>
          <h3 className="login-title" data-testid="login-title">
            {titles[variant]}
          </h3>
          {error ? (
            <div className="login-alert" role="alert" data-testid="login-error">
              {error}
            </div>
          ) : null}
          <form onSubmit={onSubmit} noValidate data-testid="login-form">
            <LoginInput field="username" error={fieldErrors.username}>
              <input
                className="login-input-control"
                placeholder="请输入用户名"
                data-testid="login-username"
                autoComplete="username"
                autoFocus
                value={values.username}
                onChange={(e) => change('username', e.target.value)}
                aria-invalid={Boolean(fieldErrors.username)}
                aria-describedby={fieldErrors.username ? 'login-username-error' : undefined}
              />
            </LoginInput>
            <LoginInput field="password" error={fieldErrors.password}>
              <input
                type="password"
                className="login-input-control"
                placeholder="请输入密码"
                data-testid="login-password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => change('password', e.target.value)}
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
            <button
              type="submit"
              className="login-submit"
              style={{ background: primary }}
              disabled={loading}
              aria-busy={loading}
              data-testid="login-submit"
            >
              {loading ? <span className="login-spinner" aria-hidden /> : null}
              登录
            </button>
          </form>
        </div>
      </div>
      <LoginFooter />
    </div>
  );
};
