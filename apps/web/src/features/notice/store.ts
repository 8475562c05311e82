import { create } from 'zustand';
import type { Alert, UnreadNotice } from './api.ts';
import { unshown } from './logic.ts';

/**
 * New alerts waiting to be announced, the alerts the abnormal dialog shows (one at a time, in the
 * order asked for) and the user's unread announcements for the header. An alert raised while the
 * user is signed in is announced once, from the stream or, as the fallback, from a later poll; the
 * ones already there at sign-in are not.
 */
type NoticeState = {
  incoming: Alert[];
  queue: Alert[];
  shown: Set<number>;
  /** the newest alert id of the first poll: older alerts are the workbench's, not the dialog's */
  baseline: number | null;
  abnormalNum: number;
  notices: UnreadNotice[];
  offer: (alerts: readonly Alert[]) => void;
  offerPolled: (alerts: readonly (Alert & { is_read?: number })[]) => void;
  /** the announced alerts, handed over once */
  takeIncoming: () => Alert[];
  /** shows this alert next, whether or not it was shown before (a click in the workbench's list) */
  show: (alert: Alert) => void;
  dismiss: () => void;
  setAbnormalNum: (n: number) => void;
  setNotices: (n: UnreadNotice[]) => void;
  reset: () => void;
};

export const useNoticeStore = create<NoticeState>((set, get) => ({
  incoming: [],
  queue: [],
  shown: new Set(),
  baseline: null,
  abnormalNum: 0,
  notices: [],
  offerPolled: (alerts) => {
    const { baseline, offer } = get();
    if (baseline === null) {
      const shown = new Set(get().shown);
      for (const a of alerts) shown.add(a.id);
      set({ baseline: alerts.reduce((m, a) => Math.max(m, a.id), 0), shown });
      return;
    }
    offer(alerts.filter((a) => a.id > baseline && a.is_read !== 1));
  },
  offer: (alerts) => {
    const { shown, incoming } = get();
    const fresh = unshown(alerts, shown);
    if (!fresh.length) return;
    const next = new Set(shown);
    for (const a of fresh) next.add(a.id);
    set({ shown: next, incoming: [...incoming, ...fresh] });
  },
  takeIncoming: () => {
    const { incoming } = get();
    if (incoming.length) set({ incoming: [] });
    return incoming;
  },
  show: (alert) => {
    const [current, ...rest] = get().queue;
    const others = rest.filter((a) => a.id !== alert.id);
    set({ queue: current && current.id !== alert.id ? [current, alert, ...others] : [alert, ...others] });
  },
  dismiss: () => set({ queue: get().queue.slice(1) }),
  setAbnormalNum: (abnormalNum) => set({ abnormalNum }),
  setNotices: (notices) => set({ notices }),
  reset: () => set({ incoming: [], queue: [], shown: new Set(), baseline: null, abnormalNum: 0, notices: [] }),
}));
