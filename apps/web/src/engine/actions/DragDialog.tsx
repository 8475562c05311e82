import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Space, Spin } from 'antd';
import { useState } from 'react';
import { send, sendMsg } from '../../api/http.ts';
import type { ListContext } from '../list/context.ts';
import { moveItem, stepItem, type SortItem } from '../logic/dragSort.ts';
import { withQuery } from '../logic/search.ts';

/** The drag sort window (DragAction): the list's rows in their order, reordered by drag or arrows, 保存 → savesort. */
export const DragDialog = ({ ctx, onClose }: { ctx: ListContext; onClose: () => void }) => {
  const { message } = App.useApp();
  const { urls } = ctx.config;
  const q = (url: string) => withQuery(url, { tab_type: ctx.tabType });
  const { data, isLoading } = useQuery({
    queryKey: ['engine', 'sortList', urls.sortList, ctx.tabType],
    queryFn: () => send<SortItem[]>(q(urls.sortList!), {}),
    staleTime: 0,
    gcTime: 0,
  });
  const [order, setOrder] = useState<SortItem[] | null>(null);
  const [dragging, setDragging] = useState<SortItem['id'] | null>(null);
  const [saving, setSaving] = useState(false);
  const items = order ?? data ?? [];

  const save = async () => {
    setSaving(true);
    try {
      const { msg } = await sendMsg(q(urls.savesort!), { ids: items.map((i) => i.id) });
      void message.success(msg && msg !== 'success' ? msg : '保存成功!');
      onClose();
      ctx.reload();
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="拖拽排序"
      open
      onCancel={onClose}
      width={520}
      destroyOnHidden
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!items.length}
            onClick={() => void save()}
            data-testid="drag-save"
          >
            保存
          </Button>
        </>
      }
    >
      <div data-testid="drag-dialog" style={{ maxHeight: 480, overflow: 'auto' }}>
        {isLoading ? <Spin style={{ display: 'block', padding: 24 }} /> : null}
        {!isLoading && !items.length ? <Empty /> : null}
        {items.map((item, i) => (
          <div
            key={item.id}
            draggable
            data-testid={`drag-item-${item.id}`}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(item.id));
              setDragging(item.id);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== item.id) setOrder(moveItem(items, dragging, item.id));
            }}
            onDrop={(e) => e.preventDefault()}
            onDragEnd={() => setDragging(null)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '6px 10px',
              marginBottom: 4,
              border: '1px solid #f0f0f0',
              borderRadius: 4,
              cursor: 'move',
              background: dragging === item.id ? 'var(--ant-color-primary-bg)' : '#fff',
            }}
          >
            <HolderOutlined />
            <span style={{ width: 28, color: '#999' }}>{i + 1}</span>
            <span style={{ flex: 1 }}>{item.title}</span>
            <Space size={0}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => setOrder(stepItem(items, item.id, -1))}
                aria-label="上移"
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={i === items.length - 1}
                onClick={() => setOrder(stepItem(items, item.id, 1))}
                aria-label="下移"
              />
            </Space>
          </div>
        ))}
      </div>
    </Modal>
  );
};
