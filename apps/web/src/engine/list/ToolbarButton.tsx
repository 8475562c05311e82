import type { ToolbarButton } from '@5a/contracts';
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { isSelectionDisabled, selectionError } from '../logic/selection.ts';
import type { ListContext } from './context.ts';

type Props = {
  button: ToolbarButton;
  ctx: ListContext;
  onRun: () => void;
  icon?: ReactNode;
  loading?: boolean;
  primary?: boolean;
  /** the button's text when it says more than the declared title (导出当前查询 12 条) */
  label?: string;
};

/**
 * A toolbar button with the selection rules: single needs exactly one row, multi at least one
 * (disabled otherwise); running without the needed rows says '您还未选择数据'.
 */
export const ToolbarActionButton = ({ button, ctx, onRun, icon, loading, primary, label }: Props) => {
  const { message } = App.useApp();
  const count = ctx.selectedRows.length;
  const run = () => {
    const err = selectionError(button.selection, count);
    if (err) {
      void message.warning(err);
      return;
    }
    onRun();
  };
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      danger={button.danger}
      icon={icon}
      loading={loading}
      disabled={isSelectionDisabled(button.selection, count)}
      onClick={run}
      data-testid={`toolbar-${button.dialog ?? button.type}`}
    >
      {label ?? button.title}
    </Button>
  );
};
