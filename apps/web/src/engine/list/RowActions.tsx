import type { CustomButton, RowAction } from '@5a/contracts';
import { App, Button, Space } from 'antd';
import { sendMsg } from '../../api/http.ts';
import { t } from '../../lib/i18n.ts';
import { customConfirmText } from '../logic/confirm.ts';
import { matchesShowRule, visibleCustomButtons } from '../logic/showRule.ts';
import { getRowAction } from '../registry/rowActions.ts';
import type { ListContext, Row } from './context.ts';

/** The link a row action renders (test id row-action-<type>). */
export const RowActionLink = ({
  action,
  onClick,
  danger,
  loading,
  disabled,
}: {
  action: RowAction;
  onClick: () => void;
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
}) => (
  <Button
    type="link"
    size="small"
    danger={danger}
    loading={loading}
    disabled={disabled}
    onClick={onClick}
    data-testid={`row-action-${action.type}`}
    style={{ paddingInline: 4 }}
  >
    {action.title}
  </Button>
);

/** Custom row buttons: shown when row[showRule.key] == val; isconfirm asks first; POST api {data: row}. */
const CustomButtonLink = ({ button, row, ctx }: { button: CustomButton; row: Row; ctx: ListContext }) => {
  const { message, modal } = App.useApp();
  const run = async () => {
    const { msg } = await sendMsg(button.api, { data: row });
    void message.success(msg && msg !== 'success' ? msg : t('operationSucceeded'));
    ctx.reload();
  };
  const click = () => {
    if (!button.isconfirm) {
      void run().catch(() => undefined);
      return;
    }
    modal.confirm({
      title: t('hintTitle'),
      content: customConfirmText(button.title),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => run().catch(() => undefined),
    });
  };
  return (
    <Button type="link" size="small" onClick={click} data-testid={`custom-${button.emit}`} style={{ paddingInline: 4 }}>
      {button.title}
    </Button>
  );
};

/** Row actions by the row action registry, then the custom buttons. */
export const RowActions = ({ row, ctx }: { row: Row; ctx: ListContext }) => (
  <Space size={0} wrap>
    {ctx.config.rowActions
      .filter((a) => matchesShowRule(row, a.showRule))
      .map((a) => {
        const Action = getRowAction(a.type);
        return Action ? <Action key={`${a.type}:${a.title}`} action={a} row={row} ctx={ctx} /> : null;
      })}
    {visibleCustomButtons(ctx.config.customButtons, row).map((b) => (
      <CustomButtonLink key={b.emit} button={b} row={row} ctx={ctx} />
    ))}
  </Space>
);
