/**
 * The generic screen engine: ListPage, FormDialog, DynamicFormPage, the permission
 * screen, and the registries feature modules extend (toolbar actions, row actions, cells, inputs).
 */
export { ListPage } from './list/ListPage.tsx';
export { ListView } from './list/ListView.tsx';
export { ListScreen } from './list/ListScreen.tsx';
export { DynamicFormPage } from './dynamic/DynamicFormPage.tsx';
export { FormDialog } from './form/FormDialog.tsx';
export { FormFields } from './form/FormFields.tsx';
export { FieldInput } from './form/FieldInput.tsx';
export { FieldCell } from './cells/FieldCell.tsx';
export { PermissionAssign } from './permAssign/PermissionAssign.tsx';
export { Can } from './perm/Can.tsx';
export { usePerm } from './perm/usePerm.ts';
export { ToolbarActionButton } from './list/ToolbarButton.tsx';
export { RowActionLink } from './list/RowActions.tsx';
export { registerAction, type ToolbarActionProps, type ActionOptions } from './registry/actions.ts';
export { registerRowAction, type RowActionProps } from './registry/rowActions.ts';
export { registerCell, type CellProps } from './registry/cells.ts';
export { registerInput, type InputProps, type InputMode } from './registry/inputs.ts';
export type { ListContext, FormRequest, Row, Values } from './list/context.ts';
export { send, sendMsg, sendFile, downloadFile, saveBlob, ApiError, errorField } from '../api/http.ts';
export { useDictOptions, useFieldOptions, useUrlOptions } from './api/queries.ts';
