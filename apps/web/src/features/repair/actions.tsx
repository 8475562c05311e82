import { App } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { successText } from '../../api/envelope.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import type { CellProps } from '../../engine/registry/cells.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { useSession } from '../../app/guard/session.ts';
import { markChosenRead, runStep } from './api.ts';
import { countdownText, isOverdue, mayShowStep } from './logic.ts';

const Dialogs = {
  Dispatch: lazy(() => import('./Dialogs.tsx').then((m) => ({ default: m.DispatchDialog }))),
  Complete: lazy(() => import('./Dialogs.tsx').then((m) => ({ default: m.CompleteDialog }))),
  Visit: lazy(() => import('./Dialogs.tsx').then((m) => ({ default: m.VisitDialog }))),
  Reason: lazy(() => import('./Dialogs.tsx').then((m) => ({ default: m.ReasonDialog }))),
  Detail: lazy(() => import('./RepairDetail.tsx').then((m) => ({ default: m.RepairDetailModal }))),
};
const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;
const idOf = ({ row, ctx }: RowActionProps) => Number(row[ctx.config.rowKey] ?? row.id);

/** 剩余时限: time left, overdue in red. */
export const CountdownCell = ({ value }: CellProps) => {
  const text = countdownText(value);
  if (!text) return <span>-</span>;
  return (
    <span data-testid="sla-countdown" style={isOverdue(value) ? { color: '#cf1322', fontWeight: 600 } : undefined}>
      {text}
    </span>
  );
};

/** A row action that opens a dialog component with {id, api, title}; one that names no call has nothing to do. */
const dialogAction = (key: Exclude<keyof typeof Dialogs, 'Detail'>) => {
  const Action = (p: RowActionProps) => {
    const [open, setOpen] = useState(false);
    const Dialog = Dialogs[key];
    const api = p.action.api;
    if (!api) return null;
    return (
      <>
        <RowActionLink action={p.action} onClick={() => setOpen(true)} />
        {open ? (
          <Lazy>
            <Dialog
              id={idOf(p)}
              api={api}
              title={p.action.title}
              onClose={() => setOpen(false)}
              onDone={p.ctx.reload}
            />
          </Lazy>
        ) : null}
      </>
    );
  };
  return Action;
};

export const RepairDispatchRowAction = dialogAction('Dispatch');
export const RepairVisitRowAction = dialogAction('Visit');
export const RepairReasonRowAction = dialogAction('Reason');

const CompleteInner = dialogAction('Complete');
/** 完成: only on the worker's own orders. */
export const RepairCompleteRowAction = (p: RowActionProps) => {
  const { user } = useSession();
  return mayShowStep(p.action.title, p.row, user.id) ? <CompleteInner {...p} /> : null;
};

/** One-call steps (接单, 开始处理, 确认收款, 关闭, 转工单 …): confirm, POST {id}, reload. */
export const RepairStepRowAction = (p: RowActionProps) => {
  const { message, modal } = App.useApp();
  const { user } = useSession();
  const api = p.action.api;
  if (!api || !mayShowStep(p.action.title, p.row, user.id)) return null;
  const run = async () => {
    const { msg } = await runStep(api, idOf(p));
    void message.success(successText(msg, `${p.action.title}成功`));
    p.ctx.reload();
  };
  return (
    <RowActionLink
      action={p.action}
      onClick={() =>
        modal.confirm({
          title: '提示',
          content: `确定${p.action.title}吗？`,
          okText: '确定',
          cancelText: '取消',
          onOk: () => run().catch(() => undefined),
        })
      }
    />
  );
};

/** 详情: the order with its timeline and pictures. */
export const RepairDetailRowAction = (p: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={p.action} onClick={() => setOpen(true)} />
      {open ? (
        <Lazy>
          <Dialogs.Detail id={idOf(p)} api={p.action.api} onClose={() => setOpen(false)} />
        </Lazy>
      ) : null}
    </>
  );
};

/** 标记已读 (事件上报): the selected reports; the server answers 标记成功. */
export const MarkReadAction = ({ button, ctx }: ToolbarActionProps) => {
  const { message } = App.useApp();
  const run = async () => {
    const { msg } = await markChosenRead(ctx.selectedKeys, button.api);
    void message.success(successText(msg, '标记成功'));
    ctx.clearSelection();
    ctx.reload();
  };
  return <ToolbarActionButton button={button} ctx={ctx} onRun={() => void run().catch(() => undefined)} />;
};
