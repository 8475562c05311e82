import { Modal, Progress, Radio, Space, Typography } from 'antd';
import type { DownloadProgress } from '../../api/http.ts';
import { EXPORT_CONFIRM_TITLE } from '../logic/confirm.ts';
import { formatBytes } from '../logic/format.ts';
import { EXPORT_LOADING, type ExportFormat } from './ExportAction.tsx';
import { t } from '../../lib/i18n.ts';

type Props = {
  confirming: boolean;
  text: string;
  format: ExportFormat;
  onFormat: (format: ExportFormat) => void;
  onOk: () => void;
  onCancel: () => void;
  progress: DownloadProgress | null;
};

/** The export's confirm window (with the file format) and its progress window (ExportAction). */
export const ExportDialogs = ({ confirming, text, format, onFormat, onOk, onCancel, progress }: Props) => (
  <>
    <Modal
      title={EXPORT_CONFIRM_TITLE}
      open={confirming}
      onOk={onOk}
      onCancel={onCancel}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <div data-testid="export-confirm">
        <Space orientation="vertical">
          <Typography.Text>{text}</Typography.Text>
          <Radio.Group
            value={format}
            onChange={(e) => onFormat(e.target.value as ExportFormat)}
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
