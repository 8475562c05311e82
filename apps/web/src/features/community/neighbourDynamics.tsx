import { useQuery } from '@tanstack/react-query';
import { Empty, Image, List, Modal, Space, Spin } from 'antd';
import Avatar from 'antd/es/avatar/Avatar';
import { useState } from 'react';
import { neighbourApi } from '@5a/contracts/endpoints/community-neighbour';
import { call } from '../../api/call.ts';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';

const Dynamics = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const q = useQuery({
    queryKey: ['neighbour', 'dynamics', id],
    queryFn: () => call(neighbourApi.dynamics, { id }),
    staleTime: 0,
  });
  const d = q.data;
  return (
    <Modal open title="个人动态" width={560} footer={null} onCancel={onClose} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <div data-testid="personal-dynamics">
          <Space align="center" style={{ marginBottom: 12 }}>
            <Avatar src={d.info.avatar ? toFileUrl(d.info.avatar) : undefined}>{d.info.nickname.slice(0, 1)}</Avatar>
            <strong>{d.info.nickname}</strong>
          </Space>
          <p style={{ whiteSpace: 'pre-wrap' }}>{d.info.say}</p>
          {d.info.img.length ? (
            <Space wrap style={{ marginBottom: 12 }}>
              {d.info.img.map((src) => (
                <Image key={src} src={toFileUrl(src)} width={96} height={96} />
              ))}
            </Space>
          ) : null}
          <div data-testid="personal-dynamics-loves" style={{ marginBottom: 8 }}>
            点赞 {d.loves}
          </div>
          <List
            size="small"
            header={`评论 ${d.Comment.length}`}
            dataSource={d.Comment}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评论" /> }}
            renderItem={(c) => (
              <List.Item key={c.id}>
                <span>
                  <strong>{c.name}</strong>：{c.content}
                </span>
                <span style={{ color: '#999' }}>{c.create_time}</span>
              </List.Item>
            )}
          />
        </div>
      )}
    </Modal>
  );
};

/** 个人动态 (row): the post as its resident wrote it, with its likes and comments. */
export const PersonalDynamicsRowAction = ({ action, row }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <Dynamics id={Number(row.id)} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
