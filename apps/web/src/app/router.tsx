import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Routes } from '../lib/router.tsx';
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
const LoginPage = lazy(() => import('./login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const OnlinePayPage = withApp(() => import('../features/pay/OnlinePayPage.tsx').then((m) => m.OnlinePayPage));
const WapPayPage = withApp(() => import('../features/pay/WapPayPage.tsx').then((m) => m.WapPayPage));
const SandboxPayPage = withApp(() => import('../features/pay/SandboxPayPage.tsx').then((m) => m.SandboxPayPage));
const ParkingPayPage = withApp(() => import('../features/pay/ParkingPayPage.tsx').then((m) => m.ParkingPayPage));
const PointsQrPrintPage = withApp(() =>
  import('../features/patrol/PointsQrPrintPage.tsx').then((m) => m.PointsQrPrintPage),
);
const ReceiptPrintPage = withApp(() => import('../features/fees/ReceiptPrintPage.tsx').then((m) => m.ReceiptPrintPage));
const VotePrintPage = withApp(() => import('../features/community/VotePrintPage.tsx').then((m) => m.VotePrintPage));
const OpenMonitorPage = withApp(() => import('../features/video/OpenMonitorPage.tsx').then((m) => m.OpenMonitorPage));
const VisitorRegPage = withApp(() => import('../features/visitor/VisitorRegPage.tsx').then((m) => m.VisitorRegPage));
const TasksH5Page = withApp(() => import('../features/patrol/TasksH5Page.tsx').then((m) => m.TasksH5Page));
const ResidentPage = withApp(() => import('../features/resident/ResidentPage.tsx').then((m) => m.ResidentPage));

const suspended = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** Public routes are explicit; everything else goes through the guard. */
const publicRoutes: Record<string, ReactNode> = {
  '/login': suspended(<LoginPage variant="login" />),
  '/adminlogin': suspended(<LoginPage variant="adminlogin" />),
  '/operatorlogin': suspended(<LoginPage variant="operatorlogin" />),
  // a visitor's phone from a village's visitor QR code: no login
  '/visitor_reg': suspended(<VisitorRegPage />),
  // a company's video wall shared by link (the token is in the query): no login
  '/openmonitor': suspended(<OpenMonitorPage />),
  '/ol_pay': suspended(<OnlinePayPage />),
  '/wap_pay_page': suspended(<WapPayPage />),
  '/sandbox_pay': suspended(<SandboxPayPage />),
  // a driver's phone from a car park's QR code: no login
  '/parking_pay': suspended(<ParkingPayPage />),
  // printable pages outside the shell: they check the session themselves
  '/print/patrol-qr': suspended(<PointsQrPrintPage />),
  '/print/receipt': suspended(<ReceiptPrintPage />),
  '/print/vote': suspended(<VotePrintPage />),
  // a guard's phone from a point's QR code: signs in on the page itself
  '/h5/patrol': suspended(<TasksH5Page />),
  // a resident's phone: signs in with a texted code or a one-time link on the page itself
  '/h5': suspended(<ResidentPage />),
};

export const AppRoutes = () => <Routes routes={publicRoutes} fallback={suspended(<Protected />)} />;
