import useModal from 'antd/es/modal/useModal';
import { feedbackHost } from './host.tsx';

const useModalApi = () => useModal();

export const ModalHost = feedbackHost(useModalApi);
