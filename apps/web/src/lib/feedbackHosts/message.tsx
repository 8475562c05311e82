import useMessage from 'antd/es/message/useMessage';
import { feedbackHost } from './host.tsx';

export const MessageHost = feedbackHost(useMessage);
