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
