import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';

/**
 * Context-aware antd feedback APIs for code outside React (http client, logout).
 * The instances are registered by <FeedbackBridge/> inside antd's <App/>; before that the
 * static methods are used.
 */
type AppApi = ReturnType<typeof App.useApp>;
type ModalApi = Pick<typeof Modal, 'confirm' | 'warning' | 'error' | 'info' | 'success'>;
type Feedback = { message: AppApi['message']; notification: AppApi['notification']; modal: ModalApi };

let current: Feedback | null = null;

export const registerFeedback = (f: Feedback) => {
  current = f;
};

export const feedback = (): Feedback =>
  current ?? { message: staticMessage, notification: staticNotification, modal: Modal };

/** Error notification 5 s at bottom-right. */
export const notifyError = (msg: string) =>
  feedback().notification.error({
    title: '错误',
    description: msg,
    placement: 'bottomRight',
    duration: 5,
    props: { 'data-testid': 'error-notification' },
  });
