import { lazy, Suspense, useState } from 'react';
import { RowActionLink } from '../list/RowActions.tsx';
import type { RowActionProps } from '../registry/rowActions.ts';

// the dialog loads when opened: it stays out of every list page's chunk
const ClassChildDialog = lazy(() => import('./ClassChildDialog.tsx').then((m) => ({ default: m.ClassChildDialog })));

/** 添加子类 (row): opens the dialog when the screen has a childAdd url. */
export const AddClassChildRowAction = (p: RowActionProps) => {
  const [open, setOpen] = useState(false);
  if (!p.ctx.config.urls.childAdd) return null;
  return (
    <>
      <RowActionLink action={p.action} onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <ClassChildDialog {...p} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
