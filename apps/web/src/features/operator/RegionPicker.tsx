import { Cascader } from 'antd';
import { useState } from 'react';
import { useRegionTree, type RegionNode } from '../../engine/inputs/RegionInput.tsx';

/** The cockpit's region: a lazy province → city → district picker, telling the code and name picked; cleared = the caller's own regions ('', ''). */
export const RegionPicker = ({ onChange }: { onChange: (code: string, name: string) => void }) => {
  const { options, loadData } = useRegionTree('');
  const [path, setPath] = useState<string[]>([]);
  return (
    <Cascader<RegionNode>
      style={{ width: 280 }}
      options={options}
      loadData={(sel) => void loadData(sel)}
      changeOnSelect
      value={path}
      onChange={(p, picked) => {
        const codes = Array.isArray(p) ? p.map(String) : [];
        setPath(codes);
        const nodes = Array.isArray(picked) ? (picked as RegionNode[]) : [];
        onChange(codes[codes.length - 1] ?? '', nodes[nodes.length - 1]?.label ?? '');
      }}
      placeholder="地区（默认服务区域）"
      allowClear
      data-testid="cockpit-region-picker"
    />
  );
};
