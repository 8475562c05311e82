import { Button } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { withFeedback } from '../../lib/feedback.ts';
import { getAbnormalDetail, type Alert } from './api.ts';
import { useNoticeStore } from './store.ts';

/**
 * A new alert at the bottom right for a while: it does not stop the user's work (nor cover the
 * header), 查看 opens the dialog; the workbench's 异常列表 keeps it afterwards.
 */
const ANNOUNCE_S = 15;

// the dialog (antd Modal, Descriptions, Image, Typography) loads when an alert is opened, not with the shell
const AbnormalModal = lazy(() => import('./AbnormalModal.tsx').then((m) => ({ default: m.AbnormalModal })));

const announce = (a: Alert, show: (a: Alert) => void) =>
  withFeedback(({ notification }) => {
    const key = `abnormal-${a.id}`;
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
  });

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
  return (
    <Suspense fallback={null}>
      <AbnormalModal alert={alert} more={more} onClose={dismiss} />
    </Suspense>
  );
};
