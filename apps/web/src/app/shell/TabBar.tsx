import { CloseOutlined, DownOutlined, LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Dropdown } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { t } from '../../lib/i18n.ts';
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
  scrollToShow,
  visibleTabs,
  type Tab,
} from '../tabs/tabLogic.ts';

/**
 * Tab bar: close commands and 刷新, affix workbench tab, drag reorder persisted per user. When the tabs overflow,
 * arrows scroll the strip and a menu lists every tab; the active tab is always scrolled into view.
 */
export const TabBar = ({ active }: { active: string }) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.tabs);
  const setTabs = useTabsStore((s) => s.setTabs);
  const reload = useTabsStore((s) => s.reload);
  const queryClient = useQueryClient();
  const strip = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
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
    if (command === 'refresh') {
      // everything cached goes stale without a fetch now; the page, mounted afresh, asks again for what it shows
      void queryClient.invalidateQueries({ refetchType: 'none' });
      reload(target);
      go(target);
      return;
    }
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

  // whether the strip hides tabs on either side (arrows and the all-tabs menu show then)
  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  // the active tab into view whenever it or the set of tabs changes, and when the strip is resized
  const showActive = useCallback(() => {
    const el = strip.current;
    const tab = el?.querySelector<HTMLElement>('[data-active="true"]');
    if (el && tab)
      el.scrollLeft = scrollToShow(
        { scrollLeft: el.scrollLeft, width: el.clientWidth },
        tab.offsetLeft,
        tab.offsetWidth,
      );
    measure();
  }, [measure]);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const observer = new ResizeObserver(showActive);
    observer.observe(el);
    return () => observer.disconnect();
  }, [showActive]);
  useLayoutEffect(showActive, [active, shown.length, showActive]);
  const scrollBy = (dir: 1 | -1) => strip.current?.scrollBy({ left: dir * strip.current.clientWidth * 0.8 });
  const overflowing = edges.left || edges.right;

  return (
    <div className="shell-tabs-bar">
      {overflowing ? (
        <button
          type="button"
          className="shell-tabs-arrow"
          disabled={!edges.left}
          onClick={() => scrollBy(-1)}
          aria-label="←"
          data-testid="tabs-scroll-left"
        >
          <LeftOutlined />
        </button>
      ) : null}
      <div className="shell-tabs" data-testid="tab-bar" role="tablist" ref={strip} onScroll={measure}>
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
                items: [
                  {
                    key: 'refresh',
                    icon: <ReloadOutlined />,
                    label: <span data-testid="tab-menu-refresh">{t('tabRefresh')}</span>,
                  },
                  ...commandsFor(tab).map((c) => ({
                    key: c,
                    label: <span data-testid={`tab-menu-${c}`}>{closeCommandLabels[c]}</span>,
                  })),
                ],
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
      {overflowing ? (
        <>
          <button
            type="button"
            className="shell-tabs-arrow"
            disabled={!edges.right}
            onClick={() => scrollBy(1)}
            aria-label="→"
            data-testid="tabs-scroll-right"
          >
            <RightOutlined />
          </button>
          <Dropdown
            trigger={['click']}
            menu={{
              selectedKeys: [active],
              items: shown.map((tab) => ({
                key: tab.key,
                label: <span data-testid={`tabs-all-${tab.key}`}>{tab.title}</span>,
              })),
              // the active tab scrolled away: choosing it brings it back
              onClick: ({ key }) => (key === active ? showActive() : go(key)),
            }}
          >
            <button type="button" className="shell-tabs-arrow" aria-label={t('allTabs')} data-testid="tabs-all">
              <DownOutlined />
            </button>
          </Dropdown>
        </>
      ) : null}
    </div>
  );
};
