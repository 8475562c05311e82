import type { App, Modal } from 'antd';

/**
 * Context-aware antd feedback APIs for code outside React (http client, logout).
 * The instances are registered by <FeedbackBridge/> inside antd's <App/> (app/AppProviders.tsx, around every page
 * but the login page); without one antd's static methods are used, loaded on first use so that the login page's
 * JS carries neither Modal nor notification.
 */
type AppApi = ReturnType<typeof App.useApp>;
type ModalApi = Pick<typeof Modal, 'confirm' | 'warning' | 'error' | 'info' | 'success'>;
export type Feedback = { message: AppApi['message']; notification: AppApi['notification']; modal: ModalApi };

let current: Feedback | null = null;
let waiting: ((f: Feedback) => void)[] = [];

export const registerFeedback = (f: Feedback) => {
  current = f;
  const queued = waiting;
  waiting = [];
  for (const next of queued) next(f);
};

/** The App that registered `f` unmounted (logout back to the login page): its APIs no longer show anything. */
export const unregisterFeedback = (f: Feedback) => {
  if (current === f) current = null;
};

/** Runs `run` with the registered APIs, else with antd's static ones. */
export const withFeedback = (run: (f: Feedback) => void): void => {
  if (current) return run(current);
  void import('./feedbackStatic.ts').then((m) => run(current ?? m.staticFeedback));
};

/** Runs `run` once an App registers its APIs: a toast that must outlive the page that raised it (login → shell). */
export const whenAppFeedback = (run: (f: Feedback) => void): void => {
  if (current) run(current);
  else waiting.push(run);
};

/** Error notification 5 s at bottom-right. */
export const notifyError = (msg: string) =>
  withFeedback((f) => {
    f.notification.error({
      title: '错误',
      description: msg,
      placement: 'bottomRight',
      duration: 5,
      props: { 'data-testid': 'error-notification' },
    });
  });
