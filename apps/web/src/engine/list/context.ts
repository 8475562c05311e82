import type { ScreenConfig } from '@5a/contracts';
import type { FormMode } from '../logic/rules.ts';

export type Row = Record<string, unknown>;
export type Values = Record<string, unknown>;

/** What opens a form dialog: the mode, the row (edit/detail) or parent (childAdd), batch ids and url. */
export type FormRequest = { mode: FormMode; row?: Row; ids?: (string | number)[]; api?: string };

/**
 * Everything a toolbar action, row action or custom dialog gets from the list it sits on.
 * Domain actions registered later receive exactly this.
 */
export type ListContext = {
  config: ScreenConfig;
  /** active tab key; list/sort/import requests carry ?tab_type= */
  tabType?: string;
  selectedRows: Row[];
  selectedKeys: (string | number)[];
  /** the applied search values (request body form) */
  search: Values;
  /** extra keys every list request carries (a footer table's parent key) */
  extra: Values;
  records: Row[];
  total: number;
  reload: () => void;
  clearSelection: () => void;
  openForm: (req: FormRequest) => void;
  /** set when the list is a picker (table select) */
  pick?: (row: Row) => void;
};
