import { useState } from 'react';
import { ToolbarActionButton } from '../list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../registry/actions.ts';
import { getDialog } from '../registry/dialogs.tsx';

/** A 'dialog' button: the selection rules of its button, then the feature dialog it names, mounted while open. */
export const DialogAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  const Dialog = button.dialog ? getDialog(button.dialog) : undefined;
  if (!Dialog) return null;
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} onRun={() => setOpen(true)} />
      {open ? <Dialog ctx={ctx} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
