import { ExportOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { downloadFile, saveBlob, type DownloadProgress } from '../../api/http.ts';
import { ToolbarActionButton } from '../list/ToolbarButton.tsx';
import { exportConfirmText, exportLabel } from '../logic/confirm.ts';
import { withQuery } from '../logic/search.ts';
import type { ToolbarActionProps } from '../registry/actions.ts';

export type ExportFormat = 'xlsx' | 'csv';
export const EXPORT_LOADING = '数据正在加载中,加载完毕会自动关闭窗口';
export const EXPORT_OK = '导出成功';
// the confirm and progress windows (antd Modal, Radio, Progress) load with the first export, not with the list
const ExportDialogs = lazy(() => import('./ExportDialogs.tsx').then((m) => ({ default: m.ExportDialogs })));
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
  // mounted from the first opening on, so closing animates
  const [shown, setShown] = useState(false);
  if ((confirming || progress !== null) && !shown) setShown(true);
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
        label={exportLabel(ids.length, ctx.search, ctx.total)}
        onRun={() => setConfirming(true)}
      />
      {shown ? (
        <Suspense fallback={null}>
          <ExportDialogs
            confirming={confirming}
            text={button.confirm || exportConfirmText(ids.length)}
            format={format}
            onFormat={setFormat}
            onOk={() => void run()}
            onCancel={() => setConfirming(false)}
            progress={progress}
          />
        </Suspense>
      ) : null}
    </>
  );
};
