import { TreeSelect } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { send } from '../../api/http.ts';
import type { Row } from '../list/context.ts';
import { nodeLabel, nodeValue } from '../logic/tree.ts';
import type { InputProps } from '../registry/inputs.ts';

type Node = { id: string | number; pId: string | number; value: string | number; title: string; isLeaf: boolean };

export const ROOT_TITLE = '顶级';
const ROOT_PID = '__root';

/** Tree select (lazy by parentId; value id, 0 = the root). */
export const TreeSelectInput = (p: InputProps) => {
  const url = p.field.treeUrl;
  const [nodes, setNodes] = useState<Node[]>([{ id: 0, pId: ROOT_PID, value: 0, title: ROOT_TITLE, isLeaf: false }]);
  const [loaded, setLoaded] = useState<Set<string>>(() => new Set());

  const load = useCallback(
    async (parent: string | number) => {
      if (!url) return;
      const rows = await send<Row[]>(url, { parentId: parent }, { silent: true }).catch(() => [] as Row[]);
      setLoaded((s) => new Set(s).add(String(parent)));
      setNodes((prev) => {
        const known = new Set(prev.map((n) => String(n.id)));
        const add = rows
          .map((r): Node => ({
            id: nodeValue(r),
            pId: parent,
            value: nodeValue(r),
            title: nodeLabel(r),
            isLeaf: r.hasChildren === false,
          }))
          .filter((n) => !known.has(String(n.id)));
        return [
          ...prev.map((n) => (String(n.id) === String(parent) && rows.length === 0 ? { ...n, isLeaf: true } : n)),
          ...add,
        ];
      });
    },
    [url],
  );

  useEffect(() => {
    void load(0);
  }, [load]);

  const value = p.value === undefined || p.value === null || p.value === '' ? undefined : (p.value as string | number);
  return (
    <TreeSelect
      id={p.id}
      style={{ width: '100%' }}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: ROOT_PID }}
      treeData={nodes}
      treeDefaultExpandedKeys={[0]}
      loadData={async (node) => {
        const id = (node as unknown as Node).id;
        if (!loaded.has(String(id))) await load(id);
      }}
      value={value}
      onChange={(v: unknown) => p.onChange?.(v ?? null)}
      placeholder={p.field.placeholder ?? (p.mode === 'search' ? p.field.label : `请选择${p.field.label}`)}
      allowClear
      disabled={p.disabled}
    />
  );
};
