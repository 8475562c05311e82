import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from '../../lib/router.tsx';
import { PermsContext } from '../../engine/perm/context.ts';
import { useAuthStore } from '../../store/auth.ts';
import { Loading } from '../Loading.tsx';
import { guardDecision, resolveAuthed, safeRedirect } from './guard.ts';
import { loadSession, sessionQueryKey, SessionContext, useSession } from './session.ts';

const Shell = lazy(() => import('../shell/Shell.tsx').then((m) => ({ default: m.Shell })));
// the states a signed-in first page does not show (antd Result and Typography come with them)
const GuardError = lazy(() => import('./GuardStates.tsx').then((m) => ({ default: m.GuardError })));
const EmptyMenu = lazy(() => import('./GuardStates.tsx').then((m) => ({ default: m.EmptyMenu })));
const NotFound = lazy(() => import('../pages/NotFound.tsx').then((m) => ({ default: m.NotFound })));
const StandalonePage = lazy(() => import('./StandalonePage.tsx').then((m) => ({ default: m.StandalonePage })));
const suspended = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** Catch-all route: the route guard for every non-public path. */
export const Protected = () => {
  const { pathname, search } = useLocation();
  const token = useAuthStore((s) => s.token);
  const exitTo = useAuthStore((s) => s.exitTo);
  const decision = guardDecision(pathname, search, token);
  if (decision.kind === 'public') return suspended(<NotFound />);
  if (decision.kind === 'login' || token === null) {
    return <Navigate to={exitTo ?? (decision.kind === 'login' ? decision.to : '/login')} replace />;
  }
  return <SessionGate token={token} />;
};

/** Loads user info and menu once per session, then dispatches the path. */
const SessionGate = ({ token }: { token: string }) => {
  const q = useQuery({
    queryKey: sessionQueryKey(token),
    queryFn: loadSession,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const setUserId = useAuthStore((s) => s.setUserId);
  const userId = q.data?.user.id;
  useEffect(() => {
    if (userId !== undefined) setUserId(userId);
  }, [userId, setUserId]);
  if (q.isPending) return <Loading />;
  if (q.isError) return suspended(<GuardError error={q.error} onRetry={() => void q.refetch()} />);
  return (
    <SessionContext.Provider value={q.data}>
      <PermsContext.Provider value={q.data.perms}>
        <AuthedRoutes />
      </PermsContext.Provider>
    </SessionContext.Provider>
  );
};

/** /refresh: go back to the page it came from (remounting it). */
const Refresh = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const state: unknown = location.state;
  const from =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string' ? state.from : '/';
  useEffect(() => {
    navigate(safeRedirect(from), { replace: true });
  }, [from, navigate]);
  return <Loading />;
};

const AuthedRoutes = () => {
  const { pathname, search } = useLocation();
  const { routes, firstPath } = useSession();
  const target = resolveAuthed(pathname, search, routes, firstPath);
  switch (target.kind) {
    case 'redirect':
    case 'redirectUtility':
      return <Navigate to={target.to} replace />;
    case 'refresh':
      return <Refresh />;
    case 'standalone':
      return suspended(<StandalonePage path={target.path} title={target.title} />);
    case 'shell':
      return (
        <Suspense fallback={<Loading />}>
          <Shell />
        </Suspense>
      );
    case 'empty':
      return suspended(<EmptyMenu />);
    case 'notFound':
      return suspended(<NotFound />);
  }
};
