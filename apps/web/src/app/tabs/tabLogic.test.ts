import { describe, expect, it } from 'vitest';
import { INDEX_PATH } from '../../config.ts';
import {
  applyCloseCommand,
  closeTab,
  commandsFor,
  moveTab,
  openTab,
  restoreTabs,
  visibleTabs,
  type Tab,
} from './tabLogic.ts';

const tab = (key: string, title = key): Tab => ({ key, path: key.split('?')[0], title, cache: false });
const index = tab(INDEX_PATH, '工作台');
const a = tab('/A');
const b = tab('/B');
const c = tab('/C');
const d = tab('/D');
const all = [index, a, b, c, d];
const keys = (tabs: Tab[]) => tabs.map((t) => t.key);

describe('openTab', () => {
  it('adds a new tab at the end', () => {
    expect(keys(openTab([index, a], b))).toEqual([INDEX_PATH, '/A', '/B']);
  });
  it('updates an existing tab in place instead of duplicating it', () => {
    const next = openTab([index, a, b], { ...a, title: '新标题' });
    expect(keys(next)).toEqual([INDEX_PATH, '/A', '/B']);
    expect(next[1].title).toBe('新标题');
  });
  it('keys by full path: same path with another query is another tab', () => {
    expect(keys(openTab([index, a], tab('/A?id=1')))).toEqual([INDEX_PATH, '/A', '/A?id=1']);
  });
  it('keeps the workbench tab first', () => {
    expect(keys(openTab([a, b], index))).toEqual([INDEX_PATH, '/A', '/B']);
  });
});

describe('closeTab', () => {
  it('moves to the next tab when the current one closes', () => {
    expect(closeTab(all, '/B', '/B')).toEqual({ tabs: [index, a, c, d], active: '/C' });
  });
  it('moves to the previous tab when the closed current tab was last', () => {
    expect(closeTab(all, '/D', '/D')).toEqual({ tabs: [index, a, b, c], active: '/C' });
  });
  it('keeps the active tab when another one closes', () => {
    expect(closeTab(all, '/B', '/D').active).toBe('/D');
  });
  it('never closes the workbench tab', () => {
    expect(closeTab(all, INDEX_PATH, INDEX_PATH)).toEqual({ tabs: all, active: INDEX_PATH });
  });
  it('falls back to the workbench / root when nothing is left', () => {
    expect(closeTab([a], '/A', '/A')).toEqual({ tabs: [], active: '/' });
  });
});

describe('applyCloseCommand', () => {
  it('closes tabs left of the target, keeping the workbench', () => {
    expect(applyCloseCommand(all, 'left', '/C', '/C')).toEqual({ tabs: [index, c, d], active: '/C' });
  });
  it('closes tabs right of the target', () => {
    expect(applyCloseCommand(all, 'right', '/B', '/B')).toEqual({ tabs: [index, a, b], active: '/B' });
  });
  it('closes the others', () => {
    expect(applyCloseCommand(all, 'others', '/B', '/B')).toEqual({ tabs: [index, b], active: '/B' });
  });
  it('moves to the target when the active tab was closed', () => {
    expect(applyCloseCommand(all, 'others', '/B', '/D')).toEqual({ tabs: [index, b], active: '/B' });
    expect(applyCloseCommand(all, 'right', '/A', '/D')).toEqual({ tabs: [index, a], active: '/A' });
  });
  it('keeps the active tab when it survives', () => {
    expect(applyCloseCommand(all, 'left', '/C', '/D')).toEqual({ tabs: [index, c, d], active: '/D' });
  });
  it('close-all leaves only the workbench and activates it', () => {
    expect(applyCloseCommand(all, 'all', '/B', '/C')).toEqual({ tabs: [index], active: INDEX_PATH });
  });
  it('close-all without a workbench tab goes to /', () => {
    expect(applyCloseCommand([a, b], 'all', '/A', '/A')).toEqual({ tabs: [], active: '/' });
  });
  it('rejects an unknown command with 无效的操作', () => {
    expect(applyCloseCommand(all, 'closeEverything', '/B', '/B')).toEqual({ error: '无效的操作' });
  });
});

describe('tab context menu and ordering', () => {
  it('offers only close-all on the workbench tab', () => {
    expect(commandsFor(index)).toEqual(['all']);
    expect(commandsFor(a)).toEqual(['left', 'right', 'others', 'all']);
  });
  it('moves a dragged tab to the drop position', () => {
    expect(keys(moveTab(all, '/D', '/A'))).toEqual([INDEX_PATH, '/D', '/A', '/B', '/C']);
    expect(keys(moveTab(all, '/A', '/C'))).toEqual([INDEX_PATH, '/B', '/C', '/A', '/D']);
  });
  it('cannot move anything before the workbench nor the workbench itself', () => {
    expect(keys(moveTab(all, '/C', INDEX_PATH))).toEqual([INDEX_PATH, '/C', '/A', '/B', '/D']);
    expect(moveTab(all, INDEX_PATH, '/C')).toBe(all);
  });
  it('shows only the current tab when the isadmin cookie is the string false', () => {
    expect(keys(visibleTabs(all, '/B', 'false'))).toEqual(['/B']);
    expect(visibleTabs(all, '/B', null)).toBe(all);
    expect(visibleTabs(all, '/B', 'true')).toBe(all);
  });
  it('restores saved tabs the user still has, without duplicates', () => {
    const restored = restoreTabs([b, a, b, tab('/Gone')], (p) => p !== '/Gone');
    expect(keys(restored)).toEqual(['/B', '/A']);
  });
});
