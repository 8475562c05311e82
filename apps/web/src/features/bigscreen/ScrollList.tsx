import { useEffect, useRef, useState, type ReactNode } from 'react';
import { nextScroll } from './scale.ts';

/** one pixel per this many ms */
export const SCROLL_TICK_MS = 50;

type Props<T> = {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: readonly { title: string; width?: number | string; render: (row: T) => ReactNode }[];
  height: number;
  empty?: string;
  testId?: string;
};

/**
 * Rows under a fixed header that scroll up by themselves when they do not fit (a pixel per 50 ms, paused under the
 * mouse), drawn twice so the loop has no seam.
 */
export const ScrollList = <T,>({ rows, rowKey, columns, height, empty = '暂无数据', testId }: Props<T>) => {
  const copy = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const [loop, setLoop] = useState(0);
  const paused = useRef(false);
  const bodyHeight = height - 32;
  useEffect(() => {
    const h = copy.current?.offsetHeight ?? 0;
    setLoop(h > bodyHeight ? h : 0);
    setOffset(0);
  }, [rows, bodyHeight]);
  useEffect(() => {
    if (!loop) return;
    const timer = window.setInterval(() => {
      if (!paused.current) setOffset((o) => nextScroll(o, loop));
    }, SCROLL_TICK_MS);
    return () => window.clearInterval(timer);
  }, [loop]);
  const grid = columns.map((c) => (typeof c.width === 'number' ? `${c.width}px` : (c.width ?? '1fr'))).join(' ');
  const rowsOf = (hidden: boolean) =>
    rows.map((r) => (
      <div
        key={rowKey(r)}
        className="bs-scroll-row"
        style={{ gridTemplateColumns: grid }}
        aria-hidden={hidden || undefined}
        data-testid={hidden ? undefined : testId && `${testId}-row`}
      >
        {columns.map((c) => (
          <span key={c.title}>{c.render(r)}</span>
        ))}
      </div>
    ));
  return (
    <div className="bs-scroll" style={{ height }} data-testid={testId}>
      <div className="bs-scroll-head" style={{ gridTemplateColumns: grid }}>
        {columns.map((c) => (
          <span key={c.title}>{c.title}</span>
        ))}
      </div>
      <div
        className="bs-scroll-body"
        style={{ height: bodyHeight }}
        onMouseEnter={() => (paused.current = true)}
        onMouseLeave={() => (paused.current = false)}
      >
        {rows.length === 0 ? (
          <div className="bs-empty">{empty}</div>
        ) : (
          <div style={{ transform: `translateY(${-offset}px)` }}>
            <div ref={copy}>{rowsOf(false)}</div>
            {loop ? <div>{rowsOf(true)}</div> : null}
          </div>
        )}
      </div>
    </div>
  );
};
