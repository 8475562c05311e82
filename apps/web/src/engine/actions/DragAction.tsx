import { DragOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ToolbarActionButton } from '../list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../registry/actions.ts';

// the window (antd Modal, Empty, its icons) loads when opened, not with every list that may sort
const DragDialog = lazy(() => import('./DragDialog.tsx').then((m) => ({ default: m.DragDialog })));

/** Drag sort: loads sortList, HTML5 drag-and-drop reorder, 保存 → savesort {ids}. */
export const DragAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();
  const run = () =>
    ctx.config.urls.sortList && ctx.config.urls.savesort ? setOpen(true) : void message.error('无效的操作');
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} icon={<DragOutlined />} onRun={run} />
      {open ? (
        <Suspense fallback={null}>
          <DragDialog ctx={ctx} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
