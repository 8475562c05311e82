import { registerAction } from '../registry/actions.ts';
import { DialogAction } from './DialogAction.tsx';
import { DragAction } from './DragAction.tsx';
import { ExportAction } from './ExportAction.tsx';
import { ImportAction } from './ImportAction.tsx';
import { AddAction, BatchDeleteAction, BatchEditAction, ConfiguredBatchAction } from './simple.tsx';

export const registerBuiltinActions = () => {
  registerAction('add', AddAction);
  registerAction('drag', DragAction);
  registerAction('export', ExportAction);
  registerAction('import', ImportAction);
  registerAction('batchDelete', BatchDeleteAction);
  registerAction('batchEdit', BatchEditAction);
  registerAction('batch', ConfiguredBatchAction);
  registerAction('dialog', DialogAction);
};
