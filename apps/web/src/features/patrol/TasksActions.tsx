import { App } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { callMsg } from '../../api/call.ts';
import { successText } from '../../api/envelope.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';

const Dialogs = {
  Detail: lazy(() => import('./TasksDialogs.tsx').then((m) => ({ default: m.TaskDetailModal }))),
  Correct: lazy(() => import('./TasksDialogs.tsx').then((m) => ({ default: m.CorrectDialog }))),
};
const idOf = ({ row, ctx }: RowActionProps) => Number(row[ctx.config.rowKey] ?? row.id);

/** 生成任务: the coming seven days' tasks of the caller's routes; generating twice adds nothing. */
export const PatrolGenerateAction = ({ button, ctx }: ToolbarActionProps) => {
  const { message, modal } = App.useApp();
  const run = async () => {
    const { msg } = await callMsg(patrolApi.generate, { days: 7 });
    void message.success(successText(msg, '生成成功'));
    ctx.reload();
  };
  return (
    <ToolbarActionButton
      button={button}
      ctx={ctx}
      onRun={() =>
        modal.confirm({
          title: '生成巡更任务',
          content: '按已派发路线的巡更时间，生成自今日起 7 天的巡更任务（已生成的不会重复）。',
          okText: '生成',
          cancelText: '取消',
          onOk: () => run().catch(() => undefined),
        })
      }
    />
  );
};

/** 巡更详情: the task's points in walking order with their check-in, and the missed ones. */
export const PatrolTaskDetailRowAction = (p: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={p.action} onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <Dialogs.Detail id={idOf(p)} row={p.row} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};

/** 校正: a new record with the verdict the check-in should have had and why. */
export const PatrolCorrectRowAction = (p: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={p.action} onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <Dialogs.Correct id={idOf(p)} onClose={() => setOpen(false)} onDone={p.ctx.reload} />
        </Suspense>
      ) : null}
    </>
  );
};
