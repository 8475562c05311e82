import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { send } from '../../api/http.ts';

const REGION_URL = '/Common/Dict/RegionDict/index';
type RegionNode = { label: string; value: string; isLeaf?: boolean; children?: RegionNode[] };
type Reply = { label: string; value: string | number; isLeaf?: boolean }[];

const childrenOf = async (parentId: string): Promise<RegionNode[]> => {
  const rows = await send<Reply>(REGION_URL, { parentId }, { silent: true }).catch(() => [] as Reply);
  return rows.map((r) => ({ label: r.label, value: String(r.value), isLeaf: r.isLeaf }));
};

const attach = (nodes: RegionNode[], parent: string, children: RegionNode[]): RegionNode[] =>
  nodes.map((n) =>
    n.value === parent
      ? { ...n, children, isLeaf: children.length === 0 ? true : n.isLeaf }
      : n.children
        ? { ...n, children: attach(n.children, parent, children) }
        : n,
  );

/** The cockpit's region: a lazy province → city → district picker; cleared = the caller's own regions. */
export const RegionPicker = ({ onChange }: { onChange: (code: string) => void }) => {
  const [options, setOptions] = useState<RegionNode[]>([]);
  const [path, setPath] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void childrenOf('000000').then((tree) => live && setOptions(tree));
    return () => {
      live = false;
    };
  }, []);
  const loadData = async (selected: RegionNode[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    const children = await childrenOf(target.value);
    setOptions((prev) => attach(prev, target.value, children));
  };
  return (
    <Cascader<RegionNode>
      style={{ width: 280 }}
      options={options}
      loadData={(sel) => void loadData(sel)}
      changeOnSelect
      value={path}
      onChange={(p) => {
        const codes = Array.isArray(p) ? p.map(String) : [];
        setPath(codes);
        onChange(codes[codes.length - 1] ?? '');
      }}
      placeholder="地区（默认服务区域）"
      allowClear
      data-testid="cockpit-region-picker"
    />
  );
};
