import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { emitLocation, registerNavigate } from '../lib/navigation.ts';
import { Loading } from './Loading.tsx';

/**
 * A page in its own chunk, fetched together with AppProviders (query cache, antd App, dayjs locale) and rendered
 * inside them: every page but the login page needs them, and the login page's JS then carries none of them.
 */
const withApp = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => {
    const [Page, { AppProviders }] = await Promise.all([load(), import('./AppProviders.tsx')]);
    const WithApp = (props: P) => (
      <AppProviders>
        <Page {...props} />
      </AppProviders>
    );
    return { default: WithApp };
  });

// Every page is its own chunk, so the login page loads neither the guard nor the shell.
const Protected = withApp(() => import('./guard/Protected.tsx').then((m) => m.Protected));
const StandalonePlaceholder = withApp(() =>
  import('./pages/UnderConstruction.tsx').then((m) => m.StandalonePlaceholder),
);
const LoginPage = lazy(() => import('./login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const OnlinePayPage = withApp(() => import('../features/pay/OnlinePayPage.tsx').then((m) => m.OnlinePayPage));
const WapPayPage = withApp(() => import('../features/pay/WapPayPage.tsx').then((m) => m.WapPayPage));
const SandboxPayPage = withApp(() => import('../features/pay/SandboxPayPage.tsx').then((m) => m.SandboxPayPage));
const ParkingPayPage = withApp(() => import('../features/pay/ParkingPayPage.tsx').then((m) => m.ParkingPayPage));
const PointsQrPrintPage = withApp(() =>
  import('../features/patrol/PointsQrPrintPage.tsx').then((m) => m.PointsQrPrintPage),
);
const TasksH5Page = withApp(() => import('../features/patrol/TasksH5Page.tsx').then((m) => m.TasksH5Page));

const suspended = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** Public routes are explicit; everything else goes through the guard. */
export const router = createBrowserRouter([
  { path: '/login', element: suspended(<LoginPage variant="login" />) },
  { path: '/adminlogin', element: suspended(<LoginPage variant="adminlogin" />) },
  { path: '/operatorlogin', element: suspended(<LoginPage variant="operatorlogin" />) },
  { path: '/visitor_reg', element: suspended(<StandalonePlaceholder title="访客登记" />) },
  { path: '/openmonitor', element: suspended(<StandalonePlaceholder title="视频监控" />) },
  { path: '/ol_pay', element: suspended(<OnlinePayPage />) },
  { path: '/wap_pay_page', element: suspended(<WapPayPage />) },
  { path: '/sandbox_pay', element: suspended(<SandboxPayPage />) },
  // a driver's phone from a car park's QR code: no login
  { path: '/parking_pay', element: suspended(<ParkingPayPage />) },
  // printable pages outside the shell: they check the session themselves
  { path: '/print/patrol-qr', element: suspended(<PointsQrPrintPage />) },
  // a guard's phone from a point's QR code: signs in on the page itself
  { path: '/h5/patrol', element: suspended(<TasksH5Page />) },
  { path: '*', element: suspended(<Protected />) },
]);

registerNavigate((to, opts) => router.navigate(to, opts));

let lastLocation = '';
router.subscribe((state) => {
  const { pathname, search } = state.location;
  if (pathname + search === lastLocation) return;
  lastLocation = pathname + search;
  emitLocation(pathname, search);
});
