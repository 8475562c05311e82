import type { ImportResult } from '@5a/contracts';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { notifyError } from '../../lib/feedback.ts';
import { ApiError, IMPORT_TIMEOUT_MS, sendFile } from '../../api/http.ts';
import type { ListContext } from '../list/context.ts';
import { withQuery } from '../logic/search.ts';
import { downloadTemplate } from './simple.tsx';

const isImportResult = (v: unknown): v is ImportResult =>
  typeof v === 'object' && v !== null && 'errors' in v && Array.isArray((v as ImportResult).errors);

/** Import: notice, template download, xlsx upload (50 s); row errors in a table. */
export const ImportDialog = ({ ctx, onClose }: { ctx: ListContext; onClose: () => void }) => {
  const { message } = App.useApp();
  const { config } = ctx;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; msg: string; data?: ImportResult } | null>(null);
  const templateUrl = config.urls.template ?? config.importNotice?.downloadUrl;

  const upload = async (file: File) => {
    if (!config.urls.import) return;
    setBusy(true);
    setResult(null);
    try {
      const { data, msg } = await sendFile<ImportResult>(
        withQuery(config.urls.import, { tab_type: ctx.tabType }),
        file,
        file.name,
        { timeout: IMPORT_TIMEOUT_MS, silent: true },
      );
      const text = msg && msg !== 'success' ? msg : '导入成功';
      void message.success(text);
      setResult({ ok: true, msg: text, data: isImportResult(data) ? data : undefined });
      ctx.reload();
    } catch (e) {
      const msg = e instanceof Error ? e.message : '导入失败';
      notifyError(msg);
      setResult({ ok: false, msg, data: e instanceof ApiError && isImportResult(e.data) ? e.data : undefined });
    } finally {
      setBusy(false);
    }
  };

  const errors = result?.data?.errors ?? [];
  return (
    <Modal
      title={`导入${config.title}`}
      open
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="import-close">
          关闭
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      <div data-testid="import-dialog">
        <Alert
          type="info"
          showIcon
          title="导入须知"
          description={
            <ol style={{ margin: 0, paddingInlineStart: 18 }}>
              {(config.importNotice?.NoticeContent ?? []).map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ol>
          }
          style={{ marginBottom: 16 }}
        />
        <Space>
          <Button
            icon={<DownloadOutlined />}
            disabled={!templateUrl}
            onClick={() => templateUrl && void downloadTemplate(templateUrl, config.title).catch(() => undefined)}
            data-testid="import-template"
          >
            下载模板
          </Button>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="import-upload">
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        {result ? (
          <div style={{ marginTop: 16 }} data-testid="import-result">
            {result.ok ? (
              <Alert
                type="success"
                showIcon
                title={result.msg}
                description={
                  result.data ? `共 ${result.data.total} 条，成功导入 ${result.data.inserted} 条` : undefined
                }
              />
            ) : (
              <Alert
                type="error"
                showIcon
                title={result.msg}
                description={errors.length ? '以下数据有错误，未写入任何数据，请修改后重新导入' : undefined}
              />
            )}
          </div>
        ) : null}
        {errors.length ? (
          <div data-testid="import-errors" style={{ marginTop: 12 }}>
            <Typography.Text type="secondary">共 {errors.length} 个错误</Typography.Text>
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
              dataSource={errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '列', dataIndex: 'column', width: 160 },
                { title: '错误信息', dataIndex: 'message' },
              ]}
            />
          </div>
        ) : null}
      </div>
    </Modal>
  );
};
