import { describe, expect, it } from 'vitest';
import {
  allState,
  conduct,
  initialPermState,
  permSaveBody,
  reducePerm,
  resourceIdsOf,
  type PermNode,
} from './permTree.ts';

const tree: PermNode[] = [
  {
    id: 1,
    label: '基础数据',
    children: [
      { id: 11, label: '小区' },
      { id: 12, label: '楼栋' },
    ],
  },
  { id: 2, label: '系统', children: [{ id: 21, label: '用户', children: [] }] },
];
const empty = { leaves: [], resources: [] };

describe('permission tree rules', () => {
  it('a leaf adds its five resource ids, unchecking removes them', () => {
    expect(resourceIdsOf(12)).toEqual(['12_add', '12_remove', '12_edit', '12_view', '12_export']);
    const on = reducePerm(tree, empty, { kind: 'menu', id: 12, checked: true }, true);
    expect(on.leaves).toEqual([12]);
    expect(on.resources.sort()).toEqual(resourceIdsOf(12).sort());
    const off = reducePerm(tree, on, { kind: 'menu', id: 12, checked: false }, true);
    expect(off).toEqual(empty);
  });
  it('a non-leaf applies to all its leaves', () => {
    const s = reducePerm(tree, empty, { kind: 'menu', id: 1, checked: true }, true);
    expect(s.leaves.sort()).toEqual([11, 12]);
    expect(s.resources).toHaveLength(10);
    expect(reducePerm(tree, s, { kind: 'menu', id: 1, checked: false }, true)).toEqual(empty);
  });
  it('changes do not count before the first load settles', () => {
    expect(reducePerm(tree, empty, { kind: 'menu', id: 1, checked: true }, false)).toBe(empty);
  });
  it('a single resource toggles only itself', () => {
    const s = reducePerm(tree, empty, { kind: 'resource', menuId: 11, resourceId: '11_view', checked: true }, true);
    expect(s).toEqual({ leaves: [11], resources: ['11_view'] });
    expect(reducePerm(tree, s, { kind: 'resource', menuId: 11, resourceId: '11_view', checked: false }, true)).toEqual({
      leaves: [11],
      resources: [],
    });
  });
  it('select-all checks every leaf', () => {
    const s = reducePerm(tree, empty, { kind: 'all', checked: true }, true);
    expect(s.leaves.sort()).toEqual([11, 12, 21]);
    expect(allState(tree, s)).toEqual({ checked: true, indeterminate: false });
    expect(allState(tree, { leaves: [11], resources: [] })).toEqual({ checked: false, indeterminate: true });
  });
  it('stored parents are not taken as checked: leaves decide', () => {
    expect(initialPermState(tree, [1, 11, 2], ['11_add']).leaves).toEqual([11]);
  });
  it('conducts checked and half-checked parents', () => {
    expect(conduct(tree, [11])).toEqual({ checked: [11], halfChecked: [1] });
    expect(conduct(tree, [11, 12, 21])).toEqual({ checked: [11, 12, 1, 21, 2], halfChecked: [] });
  });
  it('save sends checked + half-checked menus and resources, and needs one selection', () => {
    expect(permSaveBody(tree, 5, empty)).toEqual({ ok: false, error: '至少选择一个选项' });
    // a user's personal grant emptied is revoked: the empty selection is sent
    expect(permSaveBody(tree, 5, empty, true)).toEqual({ ok: true, body: { id: 5, menu: [], resource: [] } });
    expect(permSaveBody(tree, 5, { leaves: [11], resources: ['11_view'] })).toEqual({
      ok: true,
      body: { id: 5, menu: [11, 1], resource: ['11_view'] },
    });
  });
});
