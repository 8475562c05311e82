import { create } from 'zustand';
import { readLocal, writeLocal } from '../lib/storage.ts';

/** Shell UI state: side menu collapse (per user) and the event bell count. */
type ShellState = {
  userId: number | null;
  collapsed: boolean;
  eventCount: number;
  initUser: (userId: number) => void;
  toggleCollapsed: () => void;
  setEventCount: (n: number) => void;
};

const collapseKey = (userId: number) => `sidebar_collapsed_${userId}`;

export const useShellStore = create<ShellState>((set, get) => ({
  userId: null,
  collapsed: false,
  eventCount: 0,
  initUser: (userId) => set({ userId, collapsed: readLocal(collapseKey(userId)) === '1', eventCount: 0 }),
  toggleCollapsed: () => {
    const { userId, collapsed } = get();
    if (userId !== null) writeLocal(collapseKey(userId), collapsed ? '0' : '1');
    set({ collapsed: !collapsed });
  },
  setEventCount: (eventCount) => set({ eventCount }),
}));
