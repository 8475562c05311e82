import { Alert } from 'antd';
import type { ReactNode } from 'react';

/** The subscription banner itself (ServiceBanner), in its own chunk: most sessions never show it. */
export const ServiceAlert = ({ readOnly, text, action }: { readOnly: boolean; text: string; action: ReactNode }) => (
  <Alert
    banner
    showIcon
    type={readOnly ? 'error' : 'warning'}
    message={text}
    action={action}
    data-testid="service-banner"
  />
);
