import { Button, Descriptions, Image, Modal, Space, Typography } from 'antd';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import type { Alert } from './api.ts';
import { faceViewOf, plainContentOf } from './logic.ts';

const FacePicture = ({ src, label, testId }: { src: string; label: string; testId: string }) => (
  <div className="abnormal-face-pic">
    {src ? (
      <Image
        src={toFileUrl(src)}
        width={140}
        height={140}
        alt={label}
        data-testid={testId}
        style={{ objectFit: 'cover' }}
      />
    ) : (
      <div className="abnormal-face-empty">暂无图片</div>
    )}
    <div>{label}</div>
  </div>
);

/** One alert's dialog (AbnormalDialog keeps the queue and shows the first). */
export const AbnormalModal = ({ alert, more, onClose }: { alert: Alert; more: number; onClose: () => void }) => {
  const face = faceViewOf(alert.type, alert.original_content);
  return (
    <Modal
      open
      title={<span data-testid="abnormal-title">{alert.title}</span>}
      onCancel={onClose}
      width={560}
      footer={
        <Space>
          {more > 0 && <Typography.Text type="secondary">还有 {more} 条异常</Typography.Text>}
          <Button type="primary" onClick={onClose} data-testid="abnormal-ok">
            知道了
          </Button>
        </Space>
      }
      data-testid="abnormal-dialog"
    >
      <div data-testid="abnormal-dialog-body">
        <Typography.Paragraph type="secondary">
          {alert.village_name} · {alert.create_time}
        </Typography.Paragraph>
        {face ? (
          <div data-testid="abnormal-face">
            <Space size={24} align="start">
              <FacePicture src={face.faceUrl} label="抓拍照片" testId="abnormal-face-captured" />
              <FacePicture src={face.facePicUrl} label="注册照片" testId="abnormal-face-registered" />
            </Space>
            <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
              <Descriptions.Item label="抓拍时间">{face.faceTime}</Descriptions.Item>
              <Descriptions.Item label="相似度">
                <span data-testid="abnormal-similarity">{face.similarity}</span>
              </Descriptions.Item>
              <Descriptions.Item label="姓名">{face.name}</Descriptions.Item>
            </Descriptions>
          </div>
        ) : (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="abnormal-content">
            {plainContentOf(alert.original_content)}
          </Typography.Paragraph>
        )}
      </div>
    </Modal>
  );
};
