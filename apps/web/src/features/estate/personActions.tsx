import { TagsOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { reviewUrls, sharedTags } from './personLogic.ts';

/** The dialogs load on first use: their antd form controls stay out of the list's chunk. */
const ReviewDialog = lazy(() => import('./PersonDialogs.tsx').then((m) => ({ default: m.ReviewDialog })));
const OwnerTagsDialog = lazy(() => import('./PersonDialogs.tsx').then((m) => ({ default: m.OwnerTagsDialog })));

const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

/** Row action review (住户管理, rows 待审核): the review dialog, then the list reloads. */
export const ReviewRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  const id = Number(row[ctx.config.rowKey] ?? row.id);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? (
        <Lazy>
          <ReviewDialog
            id={id}
            urls={reviewUrls(ctx.config.route, action.api)}
            title={`${action.title} - ${String(row.name ?? '')}`}
            onClose={() => setOpen(false)}
            onDone={ctx.reload}
          />
        </Lazy>
      ) : null}
    </>
  );
};

type TagTarget = { ids: (string | number)[]; initial: string[] };

/** Toolbar ownerTags (住户管理): set the tags of the selected residents. */
export const OwnerTagsAction = ({ button, ctx }: ToolbarActionProps) => {
  const [target, setTarget] = useState<TagTarget | null>(null);
  const url = button.api ?? ctx.config.urls.batch;
  if (!url) return null;
  return (
    <>
      <ToolbarActionButton
        button={button}
        ctx={ctx}
        icon={<TagsOutlined />}
        onRun={() => setTarget({ ids: [...ctx.selectedKeys], initial: sharedTags(ctx.selectedRows) })}
      />
      {target ? (
        <Lazy>
          <OwnerTagsDialog
            {...target}
            field={ctx.config.fields.find((f) => f.prop === 'tags')}
            url={url}
            tabType={ctx.tabType}
            title={button.title}
            onClose={() => setTarget(null)}
            onDone={ctx.reload}
          />
        </Lazy>
      ) : null}
    </>
  );
};
