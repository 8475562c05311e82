import { App } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { baseOfRoute } from '../../engine/logic/search.ts';
import { chainOf, lineQrUrl } from './lines.ts';

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
            base={baseOfRoute(ctx.config.route)}
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

/** 线路二维码: the QR labels of the route's points in walking order, in a new tab. */
export const LineQrRowAction = ({ action, row }: RowActionProps) => {
  const { message } = App.useApp();
  const open = () => {
    const points = chainOf(row.points);
    if (!points.length) {
      void message.warning('该路线还没有巡更点位');
      return;
    }
    window.open(lineQrUrl(points, String(row.name ?? '')), '_blank', 'noopener');
  };
  return <RowActionLink action={action} onClick={open} />;
};
