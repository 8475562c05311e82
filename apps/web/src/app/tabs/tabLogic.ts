import { t } from '../../lib/i18n.ts';
import { INDEX_PATH } from '../../config.ts';

/** An open page tab; key is the route's full path (path + query). */
export type Tab = { key: string; path: string; title: string; cache: boolean };

export const closeCommands = ['left', 'right', 'others', 'all'] as const;
export type CloseCommand = (typeof closeCommands)[number];

export const closeCommandLabels: Record<CloseCommand, string> = {
  left: t('tabCloseLeft'),
  right: t('tabCloseRight'),
  others: t('tabCloseOthers'),
  all: t('tabCloseAll'),
};

export const INVALID_COMMAND_MSG = t('invalidOperation');

/**
 * How far to scroll a tab strip so the tab at [left, left + width) is wholly in view (its current scrollLeft when
 * it already is); a little margin keeps the neighbour's edge visible.
 */
export const scrollToShow = (view: { scrollLeft: number; width: number }, left: number, width: number, margin = 24) => {
  if (left - margin < view.scrollLeft) return Math.max(0, left - margin);
  if (left + width + margin > view.scrollLeft + view.width) return left + width + margin - view.width;
  return view.scrollLeft;
};

/** The workbench tab cannot be closed. */
export const isAffix = (tab: Tab) => tab.path === INDEX_PATH;

/** Affix tabs stay first, the rest keep their order. */
const normalize = (tabs: Tab[]) => [...tabs.filter(isAffix), ...tabs.filter((t) => !isAffix(t))];

/** Opening a route adds its tab or updates it in place. */
export const openTab = (tabs: Tab[], tab: Tab): Tab[] => {
  const i = tabs.findIndex((t) => t.key === tab.key);
  if (i === -1) return normalize([...tabs, tab]);
  const cur = tabs[i];
  if (cur.title === tab.title && cur.cache === tab.cache && cur.path === tab.path) return tabs;
  return tabs.map((t, j) => (j === i ? tab : t));
};

/** Commands a tab's context menu offers: the workbench tab only gets close-all. */
export const commandsFor = (tab: Tab): CloseCommand[] => (isAffix(tab) ? ['all'] : [...closeCommands]);

export type CloseResult = { tabs: Tab[]; active: string };

/** Where to go when nothing else is left: the workbench tab, else '/' (which redirects). */
const fallback = (tabs: Tab[]) => tabs.find(isAffix)?.key ?? '/';

/**
 * Close one tab. When it is the active one, move to the next tab, or the previous one when it
 * was last; the workbench is the fallback.
 */
export const closeTab = (tabs: Tab[], key: string, active: string): CloseResult => {
  const i = tabs.findIndex((t) => t.key === key);
  if (i === -1 || isAffix(tabs[i])) return { tabs, active };
  const rest = tabs.filter((_, j) => j !== i);
  if (key !== active) return { tabs: rest, active };
  const next = tabs[i + 1] ?? tabs[i - 1];
  return { tabs: rest, active: next?.key ?? fallback(rest) };
};

export const isCloseCommand = (c: string): c is CloseCommand => (closeCommands as readonly string[]).includes(c);

/**
 * Apply a context-menu command relative to `target`. Unknown commands give an error message
 * ('无效的操作') and change nothing.
 */
export const applyCloseCommand = (
  tabs: Tab[],
  command: string,
  target: string,
  active: string,
): CloseResult | { error: string } => {
  if (!isCloseCommand(command)) return { error: INVALID_COMMAND_MSG };
  const ti = tabs.findIndex((t) => t.key === target);
  if (ti === -1 && command !== 'all') return { tabs, active };
  const keep = (t: Tab, j: number) => {
    if (isAffix(t)) return true;
    switch (command) {
      case 'left':
        return j >= ti;
      case 'right':
        return j <= ti;
      case 'others':
        return j === ti;
      case 'all':
        return false;
    }
  };
  const next = tabs.filter(keep);
  if (next.some((t) => t.key === active)) return { tabs: next, active };
  const activeAfter = command === 'all' ? fallback(next) : (tabs[ti]?.key ?? fallback(next));
  return { tabs: next, active: activeAfter };
};

/** Drag-and-drop reorder: move `from` to the position of `to`. Affix tabs stay first. */
export const moveTab = (tabs: Tab[], from: string, to: string): Tab[] => {
  const fi = tabs.findIndex((t) => t.key === from);
  const ti = tabs.findIndex((t) => t.key === to);
  if (fi === -1 || ti === -1 || fi === ti || isAffix(tabs[fi])) return tabs;
  const out = [...tabs];
  const [moved] = out.splice(fi, 1);
  out.splice(ti, 0, moved);
  return normalize(out);
};

/** When the isadmin cookie is the string 'false' only the current page's tab shows. */
export const visibleTabs = (tabs: Tab[], active: string, isAdminCookie: string | null): Tab[] =>
  isAdminCookie === 'false' ? tabs.filter((t) => t.key === active) : tabs;

/** Restore a persisted tab list, keeping only routes the user still has. */
export const restoreTabs = (saved: Tab[], exists: (path: string) => boolean): Tab[] =>
  normalize(saved.filter((t, i) => exists(t.path) && saved.findIndex((s) => s.key === t.key) === i));

export const isTab = (v: unknown): v is Tab =>
  typeof v === 'object' &&
  v !== null &&
  'key' in v &&
  'path' in v &&
  'title' in v &&
  'cache' in v &&
  typeof v.key === 'string' &&
  typeof v.path === 'string' &&
  typeof v.title === 'string' &&
  typeof v.cache === 'boolean';

export const isTabList = (v: unknown): v is Tab[] => Array.isArray(v) && v.every(isTab);
