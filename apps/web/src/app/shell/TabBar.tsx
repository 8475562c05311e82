import { CloseOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useState, type DragEvent } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { getCookie } from '../../lib/storage.ts';
import { useTabsStore } from '../../store/tabs.ts';
import {
  applyCloseCommand,
  closeCommandLabels,
  closeTab,
  commandsFor,
  isAffix,
  moveTab,
  visibleTabs,
  type Tab,
} from '../tabs/tabLogic.ts';

/** Tab bar: close commands, affix workbench tab, drag reorder persisted per user. */
export const TabBar = ({ active }: { active: string }) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.tabs);
  const setTabs = useTabsStore((s) => s.setTabs);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);

  const go = (key: string) => {
    if (key !== active) void navigate(key);
  };

  const close = (tab: Tab) => {
    const r = closeTab(tabs, tab.key, active);
    setTabs(r.tabs);
    go(r.active);
  };

  /** Context-menu command handler; unknown commands give '无效的操作'. */
  const runCommand = (command: string, target: string) => {
    const r = applyCloseCommand(tabs, command, target, active);
    if ('error' in r) {
      void message.error(r.error);
      return;
    }
    setTabs(r.tabs);
    go(r.active);
  };

  const onDrop = (e: DragEvent, target: string) => {
    e.preventDefault();
    const from = dragKey ?? e.dataTransfer.getData('text/plain');
    if (from) setTabs(moveTab(tabs, from, target));
    setDragKey(null);
    setOverKey(null);
  };

  const shown = visibleTabs(tabs, active, getCookie('isadmin'));

  return (
    <div className="shell-tabs" data-testid="tab-bar" role="tablist">
      {shown.map((tab) => {
        const affix = isAffix(tab);
        const classes = ['shell-tab'];
        if (tab.key === active) classes.push('active');
        if (overKey === tab.key && dragKey !== tab.key) classes.push('drag-over');
        return (
          <Dropdown
            key={tab.key}
            trigger={['contextMenu']}
            menu={{
              items: commandsFor(tab).map((c) => ({
                key: c,
                label: <span data-testid={`tab-menu-${c}`}>{closeCommandLabels[c]}</span>,
              })),
              onClick: ({ key }) => runCommand(key, tab.key),
            }}
          >
            <div
              className={classes.join(' ')}
              role="tab"
              aria-selected={tab.key === active}
              data-testid={`tab-${tab.key}`}
              data-active={tab.key === active ? 'true' : 'false'}
              title={tab.title}
              draggable={!affix}
              onClick={() => go(tab.key)}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', tab.key);
                setDragKey(tab.key);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOverKey(tab.key);
              }}
              onDragLeave={() => setOverKey((k) => (k === tab.key ? null : k))}
              onDrop={(e) => onDrop(e, tab.key)}
              onDragEnd={() => {
                setDragKey(null);
                setOverKey(null);
              }}
            >
              <span className="shell-tab-title">{tab.title}</span>
              {affix ? null : (
                <CloseOutlined
                  className="shell-tab-close"
                  data-testid={`tab-close-${tab.key}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(tab);
                  }}
                />
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
};
