import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { regionApi, type RegionOption } from '@5a/contracts/endpoints/region';
import { call } from '../../api/call.ts';
import { regionPath } from '../logic/format.ts';
import type { InputProps } from '../registry/inputs.ts';

export const REGION_ROOT = '000000';

export type RegionNode = { label: string; value: string; isLeaf?: boolean; children?: RegionNode[] };

const fetchChildren = async (parentId: string): Promise<RegionNode[]> => {
  const rows = await call(regionApi.children, { parentId }, { silent: true }).catch((): RegionOption[] => []);
  return rows.map((r) => ({ label: r.label, value: r.value, isLeaf: r.isLeaf }));
};

const attach = (nodes: RegionNode[], parent: string, children: RegionNode[]): RegionNode[] =>
  nodes.map((n) =>
    n.value === parent
      ? { ...n, children, isLeaf: children.length === 0 ? true : n.isLeaf }
      : n.children
        ? { ...n, children: attach(n.children, parent, children) }
        : n,
  );

/**
 * The lazy region tree of RegionDict (root 000000): children load when a node opens; the ancestors of an
 * initial code are preloaded so its labels show.
 */
export const useRegionTree = (initial: string) => {
  const [options, setOptions] = useState<RegionNode[]>([]);

  useEffect(() => {
    let live = true;
    void (async () => {
      let tree = await fetchChildren(REGION_ROOT);
      for (const ancestor of regionPath(initial).slice(0, -1)) {
        if (!live) return;
        tree = attach(tree, ancestor, await fetchChildren(ancestor));
      }
      if (live) setOptions(tree);
    })();
    return () => {
      live = false;
    };
  }, [initial]);

  const loadData = async (selected: RegionNode[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    const children = await fetchChildren(target.value);
    setOptions((prev) => attach(prev, target.value, children));
  };
  return { options, loadData };
};

/** Region picker: a lazy tree from RegionDict, root 000000; the value is the last code. */
export const RegionInput = (p: InputProps) => {
  const code = typeof p.value === 'string' || typeof p.value === 'number' ? String(p.value) : '';
  // the first value's ancestors are preloaded so its labels show
  const [initial] = useState(code);
  const { options, loadData } = useRegionTree(initial);

  return (
    <Cascader<RegionNode>
      id={p.id}
      style={{ width: '100%' }}
      options={options}
      loadData={(sel) => void loadData(sel)}
      changeOnSelect
      value={code ? regionPath(code) : undefined}
      onChange={(path) => p.onChange?.(Array.isArray(path) && path.length ? String(path[path.length - 1]) : null)}
      placeholder={p.field.placeholder ?? (p.mode === 'search' ? p.field.label : `请选择${p.field.label}`)}
      disabled={p.disabled}
      allowClear
    />
  );
};
