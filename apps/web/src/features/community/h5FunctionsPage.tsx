import { Button, Table } from 'antd';
import { useState } from 'react';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { usePerm } from '../../engine/perm/usePerm.ts';
import type { PageProps } from '../../engine/pageTypes.ts';
import { H5ModulesDialog } from './h5ModulesDialog.tsx';

type Village = { id: number; name: string };

/** H5功能设置: the caller's villages, each with 编辑H5模块 (the resident page's modules it has on). */
export const H5FunctionsPage = (_props: PageProps) => {
  const { data = [], isLoading } = useUrlOptions('/Web/Basic/Village/options', 0);
  const canEdit = usePerm().has('H5Functions:edit');
  const [editing, setEditing] = useState<Village | null>(null);
  const rows: Village[] = data.map((o) => ({ id: Number(o.value), name: String(o.label) }));
  return (
    <div style={{ padding: 16 }}>
      <Table<Village>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: '小区名称', dataIndex: 'name' },
          {
            title: '操作',
            width: 160,
            render: (_, v) =>
              canEdit ? (
                <Button type="link" size="small" onClick={() => setEditing(v)} data-testid={`h5-edit-${v.id}`}>
                  编辑H5模块
                </Button>
              ) : null,
          },
        ]}
      />
      {editing ? <H5ModulesDialog village={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
};
