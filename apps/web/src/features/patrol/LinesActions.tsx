import { Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { chainOf, lineQrProblem, lineQrUrl } from './lines.ts';

const SendDialog = lazy(() => import('./LinesSendDialog.tsx').then((m) => ({ default: m.PatrolSendDialog })));

/** 巡更派发 (one route selected): the dispatch dialog. */
export const PatrolSendAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  const route = ctx.selectedRows[0];
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} onRun={() => setOpen(true)} />
      {open && route ? (
        <Suspense fallback={null}>
          <SendDialog
            route={route}
            onClose={() => setOpen(false)}
            onDone={() => {
              ctx.clearSelection();
              ctx.reload();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
};

/** 线路二维码: the QR labels of the route's points in walking order, in a new tab; greyed with the reason when none. */
export const LineQrRowAction = ({ action, row }: RowActionProps) => {
  const points = chainOf(row.points);
  const problem = lineQrProblem(points);
  const open = () => window.open(lineQrUrl(points, String(row.name ?? '')), '_blank', 'noopener');
  if (!problem) return <RowActionLink action={action} onClick={open} />;
  return (
    <Tooltip title={problem}>
      {/* a disabled button fires no mouse events: the span carries the hover for the tooltip */}
      <span data-testid="line-qr-disabled" aria-label={problem}>
        <RowActionLink action={action} onClick={open} disabled />
      </span>
    </Tooltip>
  );
};
