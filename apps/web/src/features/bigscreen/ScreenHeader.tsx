import type { ReactNode } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { Clock } from './Clock.tsx';

const control = {
  height: 34,
  minWidth: 200,
  padding: '0 8px',
  background: 'rgba(8,30,66,0.9)',
  color: '#e8f3ff',
  border: '1px solid rgba(64,158,255,0.6)',
  borderRadius: 3,
  fontSize: 15,
} as const;

type Props = {
  title: string;
  /** full screen (outside the shell): a way back to the workbench */
  standalone: boolean;
  villages: readonly { id: number; name: string }[];
  vid: number;
  onVid: (vid: number) => void;
  /** before the clock (the weather) */
  extra?: ReactNode;
  testId: string;
};

/** A screen's title bar: the way back, the village picker (全部小区 first), the title, and the clock. */
export const ScreenHeader = ({ title, standalone, villages, vid, onVid, extra, testId }: Props) => {
  const navigate = useNavigate();
  return (
    <header
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        width: 1920,
        height: 80,
        display: 'flex',
        alignItems: 'center',
        padding: '0 20px',
        boxSizing: 'border-box',
        background: 'linear-gradient(180deg, rgba(55,198,255,0.18), transparent)',
      }}
    >
      <div style={{ width: 620, display: 'flex', gap: 12, alignItems: 'center' }}>
        {standalone ? (
          <button
            type="button"
            onClick={() => void navigate('/')}
            style={{ ...control, minWidth: 0, cursor: 'pointer' }}
            data-testid={`${testId}-back`}
          >
            ← 返回
          </button>
        ) : null}
        <select
          value={vid}
          onChange={(e) => onVid(Number(e.target.value))}
          style={control}
          aria-label="选择小区"
          data-testid={`${testId}-village`}
        >
          <option value={0}>全部小区</option>
          {villages.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      <h1
        style={{
          flex: 1,
          margin: 0,
          textAlign: 'center',
          fontSize: 34,
          letterSpacing: 6,
          color: '#e8f3ff',
          textShadow: '0 0 12px rgba(55,198,255,0.8)',
        }}
      >
        {title}
      </h1>
      <div style={{ width: 620, display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
        {extra}
        <Clock testId={`${testId}-clock`} />
      </div>
    </header>
  );
};
