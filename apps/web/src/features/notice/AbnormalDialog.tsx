import { Button, Descriptions, Image, Modal, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { feedback } from '../../lib/feedback.ts';
import { getAbnormalDetail, type Alert } from './api.ts';
import { faceViewOf, plainContentOf } from './logic.ts';
import { useNoticeStore } from './store.ts';

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

/**
 * A new alert at the bottom right for a while: it does not stop the user's work (nor cover the
 * header), 查看 opens the dialog; the workbench's 异常列表 keeps it afterwards.
 */
const ANNOUNCE_S = 15;

const announce = (a: Alert, show: (a: Alert) => void) => {
  const key = `abnormal-${a.id}`;
  const { notification } = feedback();
  notification.warning({
    key,
    title: <span data-testid="abnormal-notification-title">{a.title}</span>,
    description: `${a.village_name} · ${a.create_time}`,
    placement: 'bottomRight',
    duration: ANNOUNCE_S,
    actions: (
      <Button
        type="primary"
        size="small"
        data-testid="abnormal-notification-view"
        onClick={() => {
          notification.destroy(key);
          show(a);
        }}
      >
        查看
      </Button>
    ),
    props: { 'data-testid': 'abnormal-notification' },
  });
};

/**
 * The abnormal dialog: the alert's title and, for a face comparison, the captured picture and time,
 * the similarity and the registered picture and name; otherwise the plain content. Opening it marks
 * the alert seen for this user; further alerts wait their turn. New alerts are announced first.
 */
export const AbnormalDialog = () => {
  const alert = useNoticeStore((s) => s.queue[0]);
  const more = useNoticeStore((s) => Math.max(0, s.queue.length - 1));
  const dismiss = useNoticeStore((s) => s.dismiss);
  const incoming = useNoticeStore((s) => s.incoming);
  const takeIncoming = useNoticeStore((s) => s.takeIncoming);
  const show = useNoticeStore((s) => s.show);
  useEffect(() => {
    if (incoming.length) for (const a of takeIncoming()) announce(a, show);
  }, [incoming, takeIncoming, show]);
  const id = alert?.id;
  useEffect(() => {
    if (id) void getAbnormalDetail(id).catch(() => undefined);
  }, [id]);
  if (!alert) return null;
  const face = faceViewOf(alert.type, alert.original_content);
  return (
    <Modal
      open
      title={<span data-testid="abnormal-title">{alert.title}</span>}
      onCancel={dismiss}
      width={560}
      footer={
        <Space>
          {more > 0 && <Typography.Text type="secondary">还有 {more} 条异常</Typography.Text>}
          <Button type="primary" onClick={dismiss} data-testid="abnormal-ok">
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
