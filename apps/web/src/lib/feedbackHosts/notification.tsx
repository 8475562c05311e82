import useNotification from 'antd/es/notification/useNotification';
import { feedbackHost } from './host.tsx';

export const NotificationHost = feedbackHost(useNotification);
