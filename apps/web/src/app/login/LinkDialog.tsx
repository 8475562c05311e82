import { Modal } from 'antd';
import { AppProviders } from '../AppProviders.tsx';

/** The help / privacy / terms text of the login footer (antd loads with it: the login page itself has none). */
export const LinkDialog = (p: { open: boolean; title: string; body: string; onClose: () => void }) => (
  <AppProviders bridge={false}>
    <Modal open={p.open} title={p.title} footer={null} onCancel={p.onClose}>
      {p.body}
    </Modal>
  </AppProviders>
);
