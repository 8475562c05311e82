import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { downloadFile, saveBlob, sendMsg } from '../../api/http.ts';
import { NOTHING_TO_BATCH } from '../form/submit.ts';
import { ToolbarActionButton } from '../list/ToolbarButton.tsx';
import { batchConfirmText } from '../logic/confirm.ts';
import { withQuery } from '../logic/search.ts';
import { successText } from '../../api/envelope.ts';
import type { ToolbarActionProps } from '../registry/actions.ts';
import { t } from '../../lib/i18n.ts';

export const AddAction = ({ button, ctx }: ToolbarActionProps) => (
  <ToolbarActionButton
    button={button}
    ctx={ctx}
    primary
    icon={<PlusOutlined />}
    onRun={() => ctx.openForm({ mode: 'add' })}
  />
);

/**
 * Confirmed batch request {ids} (batchDelete):
 * '确定要{title}这{n}条数据吗?' or the button's text, then reload.
 */
const useBatchRun = ({ button, ctx }: ToolbarActionProps, url: string | undefined, fallback: string) => {
  const { message, modal } = App.useApp();
  return () => {
    if (!url) {
      void message.error('无效的操作');
      return;
    }
    const ids = ctx.selectedKeys;
    modal.confirm({
      title: t('hintTitle'),
      content: batchConfirmText(button, ids.length),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: button.danger },
      onOk: async () => {
        try {
          const { msg } = await sendMsg(withQuery(url, { tab_type: ctx.tabType }), { ids });
          void message.success(successText(msg, fallback));
          ctx.reload();
        } catch {
          /* toasted */
        }
      },
    });
  };
};

export const BatchDeleteAction = (p: ToolbarActionProps) => {
  const run = useBatchRun(p, p.button.api ?? p.ctx.config.urls.batchDel, '删除成功!');
  return <ToolbarActionButton button={p.button} ctx={p.ctx} icon={<DeleteOutlined />} onRun={run} />;
};

/**
 * A configured batch action {api, title, method}: 'form' opens the batch form for the selected rows, otherwise the
 * selected ids go to the api after '确定要{title}这{n}条数据吗?'.
 */
export const ConfiguredBatchAction = (p: ToolbarActionProps) => {
  const run = useBatchRun(p, p.button.api, '操作成功!');
  const { button, ctx } = p;
  const open = () => ctx.openForm({ mode: 'batch', ids: ctx.selectedKeys, api: button.api ?? ctx.config.urls.batch });
  return <ToolbarActionButton button={button} ctx={ctx} onRun={button.method === 'form' ? open : run} />;
};

/** Batch edit: a form of the inBatch fields for the selected rows ('没有可以批量修改的数据' when none). */
export const BatchEditAction = ({ button, ctx }: ToolbarActionProps) => {
  const { message } = App.useApp();
  const run = () => {
    if (!ctx.config.fields.some((f) => f.inBatch)) {
      void message.warning(NOTHING_TO_BATCH);
      return;
    }
    ctx.openForm({ mode: 'batch', ids: ctx.selectedKeys, api: button.api ?? ctx.config.urls.batch });
  };
  return <ToolbarActionButton button={button} ctx={ctx} icon={<EditOutlined />} onRun={run} />;
};

/** Downloads the import template. */
export const downloadTemplate = async (url: string, title: string) =>
  saveBlob(await downloadFile(url, {}, `${title}导入模板.xlsx`));
