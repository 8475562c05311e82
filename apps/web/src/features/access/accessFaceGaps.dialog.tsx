import { useQuery } from '@tanstack/react-query';
import { accessFacesApi, type FaceGapRow } from '@5a/contracts/endpoints/access-faces';
import { Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { call } from '../../api/call.ts';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { FaceCheck } from './FaceCheck.tsx';

/**
 * 名单差异: every device of the company (within the caller's villages) whose list is out of step, with the counts
 * each way; 核对 opens that device's difference and its 推送差异.
 */
export default toolbarDialog(accessFacesApi.gaps, ({ endpoint, onClose, onDone }) => {
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({ queryKey: ['access', 'faceGaps'], queryFn: () => call(endpoint, {}), staleTime: 0 });
  const columns = [
    { title: '设备名称', dataIndex: 'name', width: 160 },
    { title: '设备编号', dataIndex: 'gateno', width: 120 },
    { title: '应有', dataIndex: 'expected', width: 70 },
    { title: '缺少', dataIndex: 'missing', width: 70 },
    { title: '待移除', dataIndex: 'extra', width: 80 },
    { title: '最近推送', dataIndex: 'last_sync_at', width: 160, render: (v: string) => v || '无' },
    {
      title: '操作',
      width: 80,
      render: (_: unknown, r: FaceGapRow) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`gap-open-${r.id}`}>
          核对
        </Button>
      ),
    },
  ];
  return (
    <Modal open title="名单差异" width={860} footer={null} onCancel={onClose} destroyOnHidden>
      {open === null && (!q.data || q.isFetching) ? (
        <div style={{ minHeight: 120 }} />
      ) : open === null ? (
        <Table
          data-testid="face-gaps"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={q.data ?? []}
          pagination={false}
          locale={{ emptyText: '所有设备名单一致' }}
        />
      ) : (
        <>
          <Button
            style={{ marginBottom: 8 }}
            onClick={() => {
              setOpen(null);
              void q.refetch();
            }}
          >
            返回列表
          </Button>
          <FaceCheck id={open} onPushed={onDone} />
        </>
      )}
    </Modal>
  );
});
