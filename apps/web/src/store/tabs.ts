import { create } from 'zustand';
import { isTabList, openTab, restoreTabs, type Tab } from '../app/tabs/tabLogic.ts';
import { readLocalJson, writeLocalJson } from '../lib/storage.ts';

/** Open tabs and their order, persisted per user. */
type TabsState = {
  userId: number | null;
  tabs: Tab[];
  /** how often each tab was refreshed (刷新): part of its page's key, so a refresh mounts the page afresh */
  reloads: Record<string, number>;
  reload: (key: string) => void;
  init: (userId: number, exists: (path: string) => boolean, affix: Tab | null) => void;
  setTabs: (tabs: Tab[]) => void;
  open: (tab: Tab) => void;
  reset: () => void;
};

const keyFor = (userId: number) => `tabs_${userId}`;

export const useTabsStore = create<TabsState>((set, get) => {
  const persist = (tabs: Tab[]) => {
    const { userId } = get();
    if (userId !== null) writeLocalJson(keyFor(userId), tabs);
    set({ tabs });
  };
  return {
    userId: null,
    tabs: [],
    reloads: {},
    reload: (key) => set((s) => ({ reloads: { ...s.reloads, [key]: (s.reloads[key] ?? 0) + 1 } })),
    init: (userId, exists, affix) => {
      const saved = readLocalJson(keyFor(userId), isTabList) ?? [];
      let tabs = restoreTabs(saved, exists);
      if (affix) tabs = openTab(tabs, affix);
      set({ userId, tabs });
    },
    setTabs: persist,
    open: (tab) => {
      const { tabs } = get();
      const next = openTab(tabs, tab);
      if (next !== tabs) persist(next);
    },
    reset: () => set({ userId: null, tabs: [], reloads: {} }),
  };
});
