import { useEffect } from 'react';
import { abnormalListenMs, startPolling } from '../../app/shell/polling.ts';
import { abnormalStreamUrl, getAbnormal, getUnNotified, type Alert } from './api.ts';
import { useNoticeStore } from './store.ts';

const env = import.meta.env as Record<string, string | undefined>;
/** The environment's abnormal-listen interval (VITE_ABNORMAL_LISTEN, ms), default 60000. */
export const ABNORMAL_LISTEN_MS = abnormalListenMs(env.VITE_ABNORMAL_LISTEN);

/**
 * While `listening` (a property company's user is signed in): polls the abnormal alerts and the unread
 * announcements at the abnormal-listen interval (the sixth failure in a row stops a poll), and keeps an
 * event stream open so a new alert shows at once; polling stays the fallback when the stream cannot open.
 */
export const useNoticeListener = (listening: boolean) => {
  const offer = useNoticeStore((s) => s.offer);
  const offerPolled = useNoticeStore((s) => s.offerPolled);
  const setAbnormalNum = useNoticeStore((s) => s.setAbnormalNum);
  const setNotices = useNoticeStore((s) => s.setNotices);
  const reset = useNoticeStore((s) => s.reset);

  useEffect(() => {
    if (!listening) return;
    const stopAbnormal = startPolling(getAbnormal, ABNORMAL_LISTEN_MS, {
      onData: (r) => {
        setAbnormalNum(Number(r.abnormal_num) || 0);
        offerPolled(r.abnormal_list);
      },
    });
    const stopNotices = startPolling(getUnNotified, ABNORMAL_LISTEN_MS, { onData: setNotices });
    const url = abnormalStreamUrl();
    const source = url && typeof EventSource !== 'undefined' ? new EventSource(url) : null;
    source?.addEventListener('abnormal', (e: MessageEvent<string>) => {
      try {
        const alert = JSON.parse(e.data) as Alert;
        setAbnormalNum(useNoticeStore.getState().abnormalNum + 1);
        offer([alert]);
      } catch {
        // a malformed frame is dropped; the next poll brings the alert anyway
      }
    });
    return () => {
      stopAbnormal();
      stopNotices();
      source?.close();
      reset();
    };
  }, [listening, offer, offerPolled, setAbnormalNum, setNotices, reset]);
};
