import { useQuery } from '@tanstack/react-query';
import type { VideoCamera, VideoListReply } from '@5a/contracts/endpoints/video';
import { withFeedback } from '../../lib/feedback.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { WallGrid } from './WallGrid.tsx';
import { WallPanel } from './WallPanel.tsx';
import {
  closeCell,
  DEFAULT_LAYOUT,
  DEFAULT_LAYOUT_DELAY_MS,
  emptyCells,
  playIn,
  type Cells,
  type WallLayout,
} from './logic.ts';

type Props = {
  /** the panel's and the document's title */
  title: string;
  /** the query's key, besides the keyword */
  queryKey: readonly unknown[];
  load: (keyword: string) => Promise<VideoListReply>;
};

/**
 * 监控大屏: the windows on the left five-sixths, the panel on the right. The wall opens with 16 windows a moment
 * after the page; a camera clicked plays in the first free window (once); another layout or 刷新 stops every preview.
 */
export const VideoWall = ({ title, queryKey, load }: Props) => {
  const wall = useRef<HTMLDivElement>(null);
  const [keyword, setKeyword] = useState('');
  const [layout, setLayout] = useState<WallLayout | null>(null);
  const [cells, setCells] = useState<Cells>([]);
  const [full, setFull] = useState(false);
  const q = useQuery({ queryKey: [...queryKey, keyword], queryFn: () => load(keyword), retry: false });

  const apply = useCallback((n: WallLayout) => {
    setLayout(n);
    setCells(emptyCells(n));
  }, []);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    const timer = setTimeout(() => apply(DEFAULT_LAYOUT), DEFAULT_LAYOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [apply]);
  // leaving fullscreen with the browser's own key resets the button too
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const pick = (c: VideoCamera) => {
    if (!layout) return;
    const r = playIn(cells, { id: c.id, name: c.name, url: c.url });
    if (r.outcome === 'already') withFeedback(({ message }) => void message.info(`${c.name} 已在播放`));
    else if (r.outcome === 'full')
      withFeedback(({ message }) => void message.warning('没有空闲的窗口，请先关闭一个画面或切换布局'));
    else setCells(r.cells);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void wall.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <div ref={wall} data-testid="video-wall" style={{ height: '100vh', background: '#050d18', overflow: 'hidden' }}>
      {/* the windows on five-sixths, the panel on one sixth */}
      <div style={{ display: 'flex', height: '100%' }}>
        <div style={{ width: `${(5 / 6) * 100}%`, height: '100%' }}>
          {q.isError ? (
            <div
              data-testid="wall-refused"
              style={{ color: '#ffd591', fontSize: 20, textAlign: 'center', paddingTop: '30vh' }}
            >
              {q.error instanceof Error ? q.error.message : '加载失败'}
            </div>
          ) : layout ? (
            <WallGrid layout={layout} cells={cells} onClose={(i) => setCells((c) => closeCell(c, i))} />
          ) : null}
        </div>
        <div style={{ width: `${(1 / 6) * 100}%`, height: '100%' }} data-testid="wall-panel">
          <WallPanel
            title={title}
            layout={layout}
            cameras={q.data?.data ?? []}
            tree={q.data?.tree ?? []}
            loading={q.isPending}
            full={full}
            onLayout={apply}
            onFullscreen={toggleFullscreen}
            onRefresh={() => {
              apply(DEFAULT_LAYOUT);
              void q.refetch();
            }}
            onSearch={setKeyword}
            onPick={pick}
          />
        </div>
      </div>
    </div>
  );
};
