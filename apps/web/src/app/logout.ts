import { logoutCall } from '../api/endpoints.ts';
import { setAuthFailureHandler } from '../api/http.ts';
import { withFeedback } from '../lib/feedback.ts';
import { navigate } from '../lib/router.tsx';
import { useAuthStore } from '../store/auth.ts';
import { useShellStore } from '../store/shell.ts';
import { useTabsStore } from '../store/tabs.ts';
import { isPublicPath, loginRedirect } from './guard/guard.ts';

/**
 * Logout clears token, cookies and user info, stops listening and returns to the
 * login page used, remembering the redirect.
 */
export const logout = async (callServer = true) => {
  const { token, loginPage, clear } = useAuthStore.getState();
  const here = window.location.pathname + window.location.search;
  if (callServer && token) await logoutCall().catch(() => undefined);
  const target = loginRedirect(isPublicPath(window.location.pathname) ? '' : here, loginPage);
  clear(target);
  navigate(target, { replace: true });
  useShellStore.getState().setEventCount(0);
  useTabsStore.getState().reset();
  // the query cache comes with the signed-in pages (AppProviders), not with the login page's JS
  const { queryClient } = await import('./queryClient.ts');
  queryClient.removeQueries({ queryKey: ['session'] });
};

let authModalOpen = false;

/** Identity failure: modal 身份验证失败 / 请重新登录, then forced logout. */
export const handleAuthFailure = () => {
  if (authModalOpen || !useAuthStore.getState().token) return;
  authModalOpen = true;
  withFeedback((f) => {
    f.modal.warning({
      title: '身份验证失败',
      content: '请重新登录',
      okText: '重新登录',
      onOk: () => {
        authModalOpen = false;
        void logout(false);
      },
    });
  });
};

export const installAuthFailureHandler = () => setAuthFailureHandler(handleAuthFailure);
