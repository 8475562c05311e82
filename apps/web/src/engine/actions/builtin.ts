import { registerAction } from '../registry/actions.ts';
import { DragAction } from './DragAction.tsx';
import { ExportAction } from './ExportAction.tsx';
import { ImportAction } from './ImportAction.tsx';
import { AddAction, BatchAction, BatchDeleteAction, BatchEditAction, TemplateAction } from './simple.tsx';

export const registerBuiltinActions = () => {
  registerAction('add', AddAction);
  registerAction('drag', DragAction);
  registerAction('export', ExportAction);
  registerAction('import', ImportAction);
  registerAction('template', TemplateAction);
  registerAction('batchDelete', BatchDeleteAction);
  registerAction('batchEdit', BatchEditAction);
  registerAction('batch', BatchAction);
};
