import { App } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { rbacApi } from '@5a/contracts/endpoints/rbac';
import { sendMsg } from '../../api/http.ts';
import { RowActionLink } from '../list/RowActions.tsx';
import { t } from '../../lib/i18n.ts';
import { deleteConfirm } from '../logic/confirm.ts';
import type { PermCalls } from '../permAssign/PermissionAssign.tsx';
import { registerRowAction, type RowActionProps } from '../registry/rowActions.ts';
import { lazyComponent } from '../registry/lazyComponent.tsx';

const idOf = ({ row, ctx }: RowActionProps) => row[ctx.config.rowKey];

// the permission tree dialog loads when opened, not with every list page
const PermissionAssign = lazy(() =>
  import('../permAssign/PermissionAssign.tsx').then((m) => ({ default: m.PermissionAssign })),
);

export const EditRowAction = (p: RowActionProps) => (
  <RowActionLink action={p.action} onClick={() => p.ctx.openForm({ mode: 'edit', row: p.row })} />
);
export const DetailRowAction = (p: RowActionProps) => (
  <RowActionLink action={p.action} onClick={() => p.ctx.openForm({ mode: 'detail', row: p.row })} />
);
export const ChildAddRowAction = (p: RowActionProps) =>
  p.ctx.config.urls.childAdd ? (
    <RowActionLink action={p.action} onClick={() => p.ctx.openForm({ mode: 'childAdd', row: p.row })} />
  ) : null;

/** Delete: asks first (deleteConfirm), then '删除成功!'. */
export const DeleteRowAction = (p: RowActionProps) => {
  const { message, modal } = App.useApp();
  const url = p.action.api ?? p.ctx.config.urls.del;
  if (!url) return null;
  const run = () =>
    modal.confirm({
      ...deleteConfirm(),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'aria-label': '确定删除' },
      onOk: async () => {
        try {
          const { msg } = await sendMsg(url, { id: idOf(p) });
          void message.success(msg && msg !== 'success' ? msg : '删除成功!');
          p.ctx.reload();
        } catch {
          /* toasted */
        }
      },
    });
  return <RowActionLink action={p.action} danger onClick={run} />;
};

type PermActionType = 'assignAuth' | 'userAuth' | 'commonAuth';
const commonMenuTypes: PermCalls['menuTypes'] = [
  { value: 'web', label: 'Web端菜单' },
  { value: 'app', label: '移动端菜单' },
];

/**
 * Role (assignAuth) and per-user (userAuth) permission assignment calls; the common variant (commonAuth: a
 * platform template role) sends the row's app type along.
 */
export const permCallsOf = (type: PermActionType, row?: Readonly<Record<string, unknown>>): PermCalls => {
  if (type === 'commonAuth')
    return {
      calls: rbacApi.template,
      params: { appType: row?.template === 'operator' ? 'operator' : 'tenant' },
      menuTypes: commonMenuTypes,
    };
  if (type === 'assignAuth') return { calls: rbacApi.role };
  return { calls: rbacApi.user, resourcesFallback: rbacApi.role.resources, emptyRevokes: true };
};

const permAction = (type: PermActionType) => {
  const PermRowAction = (p: RowActionProps) => {
    const [open, setOpen] = useState(false);
    const name = String(p.row.name ?? p.row.user_name ?? p.row[p.ctx.config.rowKey] ?? '');
    return (
      <>
        <RowActionLink action={p.action} onClick={() => setOpen(true)} />
        {open ? (
          <Suspense fallback={null}>
            <PermissionAssign
              id={Number(idOf(p))}
              title={`${p.action.title} - ${name}`}
              perm={permCallsOf(type, p.row)}
              onClose={() => setOpen(false)}
            />
          </Suspense>
        ) : null}
      </>
    );
  };
  return PermRowAction;
};

export const registerBuiltinRowActions = () => {
  registerRowAction('edit', EditRowAction);
  registerRowAction('delete', DeleteRowAction);
  registerRowAction('detail', DetailRowAction);
  registerRowAction('childAdd', ChildAddRowAction);
  // its dialog's Form and Input load with the first screen that declares it
  registerRowAction(
    'addClassChild',
    lazyComponent(() => import('./AddClassChild.tsx').then((m) => m.AddClassChildRowAction)),
  );
  registerRowAction('assignAuth', permAction('assignAuth'));
  registerRowAction('userAuth', permAction('userAuth'));
  registerRowAction('commonAuth', permAction('commonAuth'));
};
