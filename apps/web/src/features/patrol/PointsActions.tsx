import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { printUrl } from './points.ts';

// the print page is a page of its own: a new tab keeps the list where it was
const openPrint = (ids: readonly (string | number)[]) => window.open(printUrl(ids), '_blank', 'noopener');

/** 二维码: one point's label in a new tab. */
export const PatrolQrRowAction = ({ action, row, ctx }: RowActionProps) => (
  <RowActionLink action={action} onClick={() => openPrint([Number(row[ctx.config.rowKey] ?? row.id)])} />
);

/** 批量打印二维码: the selected points' labels, four to an A4 sheet. */
export const PatrolQrPrintAction = ({ button, ctx }: ToolbarActionProps) => (
  <ToolbarActionButton button={button} ctx={ctx} onRun={() => openPrint(ctx.selectedKeys)} />
);
