import { HlsPlayer } from './HlsPlayer.tsx';
import { cellHeight, cellSpan, type Cells, type WallLayout } from './logic.ts';

const cellBox: React.CSSProperties = {
  position: 'relative',
  height: '100%',
  border: '1px solid #1f3a5c',
  background: '#050d18',
  overflow: 'hidden',
};
const caption: React.CSSProperties = {
  position: 'absolute',
  left: 0,
  right: 0,
  top: 0,
  zIndex: 1,
  display: 'flex',
  justifyContent: 'space-between',
  padding: '2px 6px',
  color: '#fff',
  fontSize: 12,
  background: 'linear-gradient(rgba(0,0,0,0.6), transparent)',
};

/**
 * The wall's windows: `layout` of them in rows of 24 columns (a window spans 24, 12, 8 or 6 of them, as antd's grid
 * would; plain flex here, so the page pulls none of antd's grid into the chunks the list pages share).
 */
export const WallGrid = ({
  layout,
  cells,
  onClose,
}: {
  layout: WallLayout;
  cells: Cells;
  onClose: (index: number) => void;
}) => (
  <div style={{ display: 'flex', flexWrap: 'wrap', height: '100%' }} data-testid="wall-grid" data-layout={layout}>
    {cells.map((cell, i) => (
      <div
        key={`${layout}-${i}-${cell?.id ?? 'empty'}`}
        style={{
          width: `${(cellSpan(layout) / 24) * 100}%`,
          height: cellHeight(layout),
          padding: 2,
          boxSizing: 'border-box',
        }}
        data-testid="wall-cell"
        data-span={cellSpan(layout)}
        data-height={cellHeight(layout)}
        data-camera={cell?.id ?? ''}
      >
        <div style={cellBox}>
          {cell ? (
            <>
              <div style={caption}>
                <span>{cell.name}</span>
                <button
                  type="button"
                  title="关闭画面"
                  style={{ color: '#fff', background: 'transparent', border: 'none', cursor: 'pointer', padding: 0 }}
                  data-testid={`wall-cell-close-${i}`}
                  onClick={() => onClose(i)}
                >
                  ✕
                </button>
              </div>
              <HlsPlayer url={cell.url} testId={`wall-video-${i}`} />
            </>
          ) : (
            <div
              style={{
                height: '100%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                color: '#3d5a80',
              }}
            >
              {i + 1}
            </div>
          )}
        </div>
      </div>
    ))}
  </div>
);
