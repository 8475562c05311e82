import { t } from '../../lib/i18n.ts';

/** Confirm texts. */
export const DEFAULT_BATCH_CONFIRM = '确定要{title}这{n}条数据吗?';

/** '确定要{title}这{n}条数据吗?' or the button's own text, with {n} and {title} filled in. */
export const batchConfirmText = (button: { title: string; confirm?: string }, n: number): string =>
  (button.confirm || DEFAULT_BATCH_CONFIRM).replaceAll('{n}', String(n)).replaceAll('{title}', button.title);

/** A confirming custom row button: '确定要{title}该数据吗?'. */
export const customConfirmText = (title: string): string => `确定要${title}该数据吗?`;

export const EXPORT_CONFIRM_TITLE = '提示';
/** Export of the selected rows vs. of everything the search matches. */
export const exportConfirmText = (selectedCount: number): string =>
  selectedCount > 0 ? '确定要导出数据吗？' : '确定要导出全部数据吗？';

/** The delete confirm (提示 / 'hint'). */
export const deleteConfirm = () => ({ title: t('deleteConfirmTitle'), content: t('deleteConfirm') });

/** whether any search value is set: empty strings and empty ranges count as unset */
const searched = (search: Record<string, unknown>) =>
  Object.values(search).some(
    (v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.every((x) => x === '' || x == null)),
  );

/**
 * What the export button exports, said on the button: the chosen rows, the rows the current search
 * finds, or everything.
 */
export const exportLabel = (selected: number, search: Record<string, unknown>, total: number) =>
  selected > 0 ? `导出所选 ${selected} 条` : searched(search) ? `导出当前查询 ${total} 条` : '导出全部';
