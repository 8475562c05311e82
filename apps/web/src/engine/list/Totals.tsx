import type { ListReply } from '@5a/contracts';
import { Space, Typography } from 'antd';
import { formatMoney } from '../logic/format.ts';

/** Totals from the list reply (unpaid / paid, the operators' share), shown above the table when present. */
export const Totals = ({ reply }: { reply?: ListReply }) => {
  if (
    !reply ||
    (reply.unpaidtotal === undefined && reply.havepaidtotal === undefined && reply.sharetotal === undefined)
  )
    return null;
  return (
    <Space size="large" style={{ marginBottom: 8 }} data-testid="list-totals">
      {reply.unpaidtotal !== undefined ? (
        <Typography.Text>
          未缴合计：
          <Typography.Text type="danger" strong>
            {formatMoney(reply.unpaidtotal)}
          </Typography.Text>
        </Typography.Text>
      ) : null}
      {reply.havepaidtotal !== undefined ? (
        <Typography.Text>
          已缴合计：
          <Typography.Text type="success" strong>
            {formatMoney(reply.havepaidtotal)}
          </Typography.Text>
        </Typography.Text>
      ) : null}
      {reply.sharetotal !== undefined ? (
        <Typography.Text>
          分成合计：
          <Typography.Text strong>{formatMoney(reply.sharetotal)}</Typography.Text>
        </Typography.Text>
      ) : null}
    </Space>
  );
};
