import { ImportOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { ToolbarActionButton } from '../list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../registry/actions.ts';

// the dialog (antd Upload, Table, Modal) loads when the button is clicked, not with the list page
const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));

export const ImportAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} icon={<ImportOutlined />} onRun={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog ctx={ctx} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
