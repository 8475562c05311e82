import { ExportOutlined } from '@ant-design/icons';
import { App, Modal, Progress, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { downloadFile, saveBlob, type DownloadProgress } from '../../api/http.ts';
import { ToolbarActionButton } from '../list/ToolbarButton.tsx';
import { EXPORT_CONFIRM_TITLE, exportConfirmText } from '../logic/confirm.ts';
import { formatBytes } from '../logic/format.ts';
import { withQuery } from '../logic/search.ts';
import type { ToolbarActionProps } from '../registry/actions.ts';

export type ExportFormat = 'xlsx' | 'csv';
export const EXPORT_LOADING = '数据正在加载中,加载完毕会自动关闭窗口';
export const EXPORT_OK = '导出成功';
/** the progress window shows only for downloads that take a while */
const PROGRESS_DELAY_MS = 400;

/**
 * Export: confirm ('确定要导出数据吗？' for the selected rows, '确定要导出全部数据吗？'
 * for everything the search matches), then POST the search values (+ ids, format) and save the file.
 */
export const ExportAction = ({ button, ctx }: ToolbarActionProps) => {
  const { message } = App.useApp();
  const [confirming, setConfirming] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = ctx.selectedKeys;
  const url = ctx.config.urls.export;

  const run = async () => {
    if (!url) return;
    setConfirming(false);
    setBusy(true);
    let latest: DownloadProgress = { received: 0, total: null };
    const timer = setTimeout(() => setProgress(latest), PROGRESS_DELAY_MS);
    try {
      const body = { ...ctx.search, ...ctx.extra, ...(ids.length ? { ids } : {}), format };
      const file = await downloadFile(
        withQuery(url, { tab_type: ctx.tabType }),
        body,
        `${ctx.config.title}.${format}`,
        (p) => {
          latest = p;
          setProgress((cur) => (cur ? p : cur));
        },
      );
      saveBlob(file);
      void message.success(EXPORT_OK);
    } catch {
      /* toasted */
    } finally {
      clearTimeout(timer);
      setProgress(null);
      setBusy(false);
    }
  };

  return (
    <>
      <ToolbarActionButton
        button={button}
        ctx={ctx}
        icon={<ExportOutlined />}
        loading={busy}
        onRun={() => setConfirming(true)}
      />
      <Modal
        title={EXPORT_CONFIRM_TITLE}
        open={confirming}
        onOk={() => void run()}
        onCancel={() => setConfirming(false)}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <div data-testid="export-confirm">
          <Space orientation="vertical">
            <Typography.Text>{button.confirm || exportConfirmText(ids.length)}</Typography.Text>
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value as ExportFormat)}
              data-testid="export-format"
            >
              <Radio value="xlsx">Excel (xlsx)</Radio>
              <Radio value="csv">CSV</Radio>
            </Radio.Group>
          </Space>
        </div>
      </Modal>
      <Modal title="导出" open={progress !== null} closable={false} footer={null} maskClosable={false}>
        <div data-testid="export-progress">
          <Typography.Paragraph>{EXPORT_LOADING}</Typography.Paragraph>
          {progress?.total ? (
            <Progress percent={Math.min(100, Math.round((progress.received / progress.total) * 100))} />
          ) : null}
          <Typography.Text type="secondary">已接收 {formatBytes(progress?.received ?? 0)}</Typography.Text>
        </div>
      </Modal>
    </>
  );
};
