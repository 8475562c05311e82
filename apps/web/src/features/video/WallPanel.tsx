import type { VideoCamera, VideoTreeNode } from '@5a/contracts/endpoints/video';
import { useEffect, useState } from 'react';
import { clockParts, LAYOUTS, type WallLayout } from './logic.ts';
import { panel as css } from './wallStyles.ts';

/**
 * The wall's panel is plain elements: antd's Tabs, Segmented, Tree and icons here would split chunks the list
 * pages share and grow their first load.
 */

/** The title, the date with its weekday and a clock that ticks every second. */
const Clock = ({ title }: { title: string }) => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const c = clockParts(now);
  return (
    <div style={css.clock}>
      <div style={css.title} data-testid="wall-title">
        {title}
      </div>
      <div style={css.small}>
        {c.date} <span data-testid="wall-weekday">{c.weekday}</span>
      </div>
      <div style={css.time} data-testid="wall-clock">
        {c.time}
      </div>
    </div>
  );
};

const Branch = ({ node, onPick }: { node: VideoTreeNode; onPick: (id: number) => void }) =>
  node.children ? (
    <details open style={css.branch}>
      <summary style={css.summary}>{node.label}</summary>
      {node.children.map((c) => (
        <Branch key={c.key} node={c} onPick={onPick} />
      ))}
    </details>
  ) : (
    <button type="button" style={css.leaf} data-testid={`wall-tree-${node.key}`} onClick={() => onPick(node.id ?? 0)}>
      {node.label}
    </button>
  );

type Props = {
  title: string;
  layout: WallLayout | null;
  cameras: VideoCamera[];
  tree: VideoTreeNode[];
  loading: boolean;
  full: boolean;
  onLayout: (layout: WallLayout) => void;
  onFullscreen: () => void;
  onRefresh: () => void;
  onSearch: (keyword: string) => void;
  onPick: (camera: VideoCamera) => void;
};

/** The right-hand sixth: clock, layouts, fullscreen, refresh, search, and the cameras by number or as a tree. */
export const WallPanel = (p: Props) => {
  const [tab, setTab] = useState<'number' | 'tree'>('number');
  const [keyword, setKeyword] = useState('');
  const pickId = (id: number) => {
    const cam = p.cameras.find((c) => c.id === id);
    if (cam) p.onPick(cam);
  };
  return (
    <div style={css.root}>
      <Clock title={p.title} />
      <div style={css.tools}>
        <div style={css.row} role="radiogroup" aria-label="画面布局" data-testid="wall-layouts">
          {LAYOUTS.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={p.layout === n}
              style={css.toggle(p.layout === n)}
              data-testid={`wall-layout-${n}`}
              onClick={() => p.onLayout(n)}
            >
              {n}
            </button>
          ))}
        </div>
        <div style={css.row}>
          <button type="button" style={css.button} onClick={p.onFullscreen} data-testid="wall-fullscreen">
            {p.full ? '退出全屏' : '全屏'}
          </button>
          <button type="button" style={css.button} onClick={p.onRefresh} data-testid="wall-refresh">
            刷新
          </button>
        </div>
        <form
          style={css.row}
          onSubmit={(e) => {
            e.preventDefault();
            p.onSearch(keyword.trim());
          }}
        >
          <input
            style={css.input}
            placeholder="名称或编号"
            maxLength={50}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            data-testid="wall-search"
          />
          <button type="submit" style={{ ...css.button, flex: '0 0 auto' }} data-testid="wall-search-go">
            搜索
          </button>
        </form>
      </div>
      <div style={css.row} role="tablist">
        {(
          [
            ['number', '按编号'],
            ['tree', '树形'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            style={css.tab(tab === key)}
            data-testid={`wall-tab-${key}`}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div style={css.scroll} data-testid={tab === 'number' ? 'wall-camera-list' : 'wall-camera-tree'}>
        {p.cameras.length === 0 ? <div style={css.empty}>{p.loading ? '加载中…' : '暂无摄像头'}</div> : null}
        {tab === 'number'
          ? p.cameras.map((c) => (
              <button
                key={c.id}
                type="button"
                style={css.item}
                data-testid={`wall-camera-${c.number}`}
                onClick={() => p.onPick(c)}
              >
                <div>
                  <span style={css.number}>{c.number}</span>
                  {c.name}
                </div>
                <div style={css.muted}>{c.create_time}</div>
              </button>
            ))
          : p.tree.map((n) => <Branch key={n.key} node={n} onPick={pickId} />)}
      </div>
    </div>
  );
};
