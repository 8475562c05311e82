import { create } from 'zustand';
import type { Alert, UnreadNotice } from './api.ts';
import { unshown } from './logic.ts';

/**
 * Alerts waiting for the abnormal dialog (one shown at a time, in arrival order) and the user's
 * unread announcements for the header. An alert is queued once per session, from the stream or a poll.
 */
type NoticeState = {
  queue: Alert[];
  shown: Set<number>;
  abnormalNum: number;
  notices: UnreadNotice[];
  offer: (alerts: readonly Alert[]) => void;
  dismiss: () => void;
  setAbnormalNum: (n: number) => void;
  setNotices: (n: UnreadNotice[]) => void;
  reset: () => void;
};

export const useNoticeStore = create<NoticeState>((set, get) => ({
  queue: [],
  shown: new Set(),
  abnormalNum: 0,
  notices: [],
  offer: (alerts) => {
    const { shown, queue } = get();
    const fresh = unshown(alerts, shown);
    if (!fresh.length) return;
    const next = new Set(shown);
    for (const a of fresh) next.add(a.id);
    set({ shown: next, queue: [...queue, ...fresh] });
  },
  dismiss: () => set({ queue: get().queue.slice(1) }),
  setAbnormalNum: (abnormalNum) => set({ abnormalNum }),
  setNotices: (notices) => set({ notices }),
  reset: () => set({ queue: [], shown: new Set(), abnormalNum: 0, notices: [] }),
}));
