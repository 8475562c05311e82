import type { ReactNode } from 'react';
import { Stat } from '../../bigscreen/index.ts';

type FigureProps = {
  label: string;
  value: number;
  unit?: string;
  color?: string;
  /** no device or detector brings this figure: it says 未接入, never a 0 that looks measured */
  unconnected?: boolean;
  testId: string;
};

/** A counter tile of the board, or 未接入 for a figure with no source. */
export const Figure = ({ label, value, unit, color, unconnected, testId }: FigureProps) =>
  unconnected ? (
    <div className="bs-stat" data-testid={testId} data-unconnected="true">
      <span className="bs-stat-label">{label}</span>
      <span className="bs-stat-value" style={{ color: '#7f9cc7', fontSize: 20 }}>
        未接入
      </span>
    </div>
  ) : (
    <Stat label={label} value={value} unit={unit} color={color} testId={testId} />
  );

/** Tiles in even columns. */
export const Tiles = ({ columns, children }: { columns: number; children: ReactNode }) => (
  <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 10 }}>{children}</div>
);

/** A topic fills the stage under the header and the navigation, which sit above it. */
export const TOPIC = { position: 'absolute', inset: 0, zIndex: 0 } as const;

/** What the server refused (a region outside the operator's, a lapsed session), over the topic. */
export const TopicError = ({ error }: { error: Error | null }) =>
  error ? (
    <div
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        top: 90,
        textAlign: 'center',
        color: '#ff5b5b',
        fontSize: 18,
        zIndex: 3,
      }}
      data-testid="cockpit-error"
    >
      {error.message}
    </div>
  ) : null;
