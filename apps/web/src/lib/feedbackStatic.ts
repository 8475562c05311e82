import { message, Modal, notification } from 'antd';
import type { Feedback } from './feedback.ts';

/** antd's static feedback methods, for calls made where no antd App is mounted. */
export const staticFeedback: Feedback = { message, notification, modal: Modal };
