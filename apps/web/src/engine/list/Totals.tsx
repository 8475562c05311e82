import type { ListReply } from '@5a/contracts';
import { Space, theme } from 'antd';
import { formatMoney } from '../logic/format.ts';

/** Totals from the list reply (unpaid / paid, the operators' share), shown above the table when present. */
export const Totals = ({ reply }: { reply?: ListReply }) => {
  // plain spans in the theme's colours: antd's Typography (~8 kB gzip) would be on every list for three numbers
  const { token } = theme.useToken();
  if (
    !reply ||
    (reply.unpaidtotal === undefined && reply.havepaidtotal === undefined && reply.sharetotal === undefined)
  )
    return null;
  return (
    <Space size="large" style={{ marginBottom: 8 }} data-testid="list-totals">
      {reply.unpaidtotal !== undefined ? (
        <span>
          未缴合计：<strong style={{ color: token.colorError }}>{formatMoney(reply.unpaidtotal)}</strong>
        </span>
      ) : null}
      {reply.havepaidtotal !== undefined ? (
        <span>
          已缴合计：<strong style={{ color: token.colorSuccess }}>{formatMoney(reply.havepaidtotal)}</strong>
        </span>
      ) : null}
      {reply.sharetotal !== undefined ? (
        <span>
          分成合计：<strong>{formatMoney(reply.sharetotal)}</strong>
        </span>
      ) : null}
    </Space>
  );
};
