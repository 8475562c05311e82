import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { Can } from '../perm/Can.tsx';
import { getAction } from '../registry/actions.ts';
import type { ListContext } from './context.ts';
import { t } from '../../lib/i18n.ts';

/** Toolbar: each button the server sent, rendered by the action registry. */
export const Toolbar = ({ ctx }: { ctx: ListContext }) => {
  const buttons = ctx.config.toolbar.map((button, i) => {
    const entry = getAction(button.type);
    if (!entry) return null;
    const Action = entry.component;
    const node = <Action key={`${button.type}-${i}`} button={button} ctx={ctx} />;
    const check = entry.options.perm?.(ctx.config, ctx.tabType);
    return check ? (
      <Can key={`${button.type}-${i}`} {...check}>
        {node}
      </Can>
    ) : (
      node
    );
  });
  return (
    <div
      className="engine-toolbar"
      style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8 }}
    >
      <Space wrap>{buttons}</Space>
      <Tooltip title={t('refresh')}>
        <Button
          icon={<ReloadOutlined />}
          onClick={ctx.reload}
          aria-label={t('refresh')}
          data-testid="toolbar-refresh"
        />
      </Tooltip>
    </div>
  );
};
