import { lazy, Suspense, useState } from 'react';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';

// the dialog draws with the qrcode library: loaded when the dialog first opens, not with the list
const TempQrDialog = lazy(() => import('./TempQrDialog.tsx').then((m) => ({ default: m.TempQrDialog })));

/** 临时停车费二维码: the selected lot's pay-page QR code with its caption, drawn and downloaded as a PNG. */
export const TempQrAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  const row = ctx.selectedRows[0];
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} onRun={() => setOpen(true)} />
      {open && row ? (
        <Suspense fallback={null}>
          <TempQrDialog lotId={Number(row.id)} lotName={String(row.name ?? '')} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
