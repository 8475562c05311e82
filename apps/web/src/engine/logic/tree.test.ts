import { describe, expect, it } from 'vitest';
import { isPlainTree, pageOf, PLACEHOLDER, treeRows } from './tree.ts';

describe('lazy tree rows', () => {
  it('adds a placeholder child to rows that may have children', () => {
    const rows = treeRows([{ id: 1, hasChildren: true }, { id: 2, hasChildren: false }, { id: 3 }], {}, 'id');
    expect(rows[0]!.children).toEqual([{ id: `1${PLACEHOLDER}`, [PLACEHOLDER]: true }]);
    expect(rows[1]).not.toHaveProperty('children');
    expect(rows[2]!.children).toHaveLength(1);
  });
  it('nests loaded children and drops the expander when none came back', () => {
    const rows = treeRows(
      [
        { id: 1, hasChildren: true },
        { id: 2, hasChildren: true },
      ],
      { '1': [{ id: 5, hasChildren: false }], '2': [] },
      'id',
    );
    expect(rows[0]!.children).toEqual([{ id: 5, hasChildren: false }]);
    expect(rows[1]).not.toHaveProperty('children');
  });
  it('plain tree only without search values; client paging', () => {
    expect(isPlainTree(true, {})).toBe(true);
    expect(isPlainTree(true, { name: 'a' })).toBe(false);
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
  });
});

describe('lazy tree node labels', () => {
  it('label, title, name, *_name, id', async () => {
    const { nodeLabel, nodeValue } = await import('./tree.ts');
    expect(nodeLabel({ id: 1, label: 'L' })).toBe('L');
    expect(nodeLabel({ id: 1, name: '工程部' })).toBe('工程部');
    expect(nodeLabel({ id: 1, menu_name: '系统管理' })).toBe('系统管理');
    expect(nodeLabel({ id: 7 })).toBe('7');
    expect(nodeValue({ id: 7 })).toBe(7);
    expect(nodeValue({ id: 7, value: '110000' })).toBe('110000');
  });
});

describe('tree parent field', () => {
  it('is the tree select pointing at the screen tree url', async () => {
    const { treeParentProp } = await import('./tree.ts');
    const fields = [
      { prop: 'name', type: 'text' },
      { prop: 'parent_id', type: 'treeSelect', treeUrl: '/System/Dept/lazyTree' },
    ];
    expect(treeParentProp(fields, '/System/Dept/lazyTree')).toBe('parent_id');
    expect(treeParentProp(fields, '/Other/lazyTree')).toBeUndefined();
    expect(treeParentProp(fields, undefined)).toBeUndefined();
  });
});
