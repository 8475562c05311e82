import { Alert } from 'antd';

/** A list call that failed, above the table (ListScreen), in its own chunk: antd's Alert is not on a list that works. */
export const ListAlert = ({ message }: { message: string }) => (
  <Alert type="error" showIcon title={message} style={{ marginBottom: 8 }} />
);
