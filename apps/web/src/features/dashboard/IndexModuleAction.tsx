import { lazy, Suspense, useState } from 'react';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';

/** The dialog loads on first use: its checkboxes stay out of the role list's chunk. */
const IndexModuleDialog = lazy(() => import('./IndexModuleDialog.tsx').then((m) => ({ default: m.IndexModuleDialog })));

/** Row action indexModule (角色管理): which workbench panels the role's users see. */
export const IndexModuleRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  const id = Number(row[ctx.config.rowKey] ?? row.id);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <IndexModuleDialog
            id={id}
            title={`${action.title} - ${String(row.name ?? '')}`}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
};
