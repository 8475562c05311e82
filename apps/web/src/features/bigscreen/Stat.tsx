import { AnimatedNumber } from './AnimatedNumber.tsx';

/** A labelled counter tile (an overview figure). */
export const Stat = ({
  label,
  value,
  unit,
  color,
  testId,
}: {
  label: string;
  value: number;
  unit?: string;
  color?: string;
  testId?: string;
}) => (
  <div className="bs-stat" style={color ? { borderLeftColor: color } : undefined} data-testid={testId}>
    <span className="bs-stat-label">{label}</span>
    <span className="bs-stat-value" style={color ? { color } : undefined}>
      <AnimatedNumber value={value} />
      {unit ? <small style={{ fontSize: 14, marginLeft: 4, color: '#9fb9dd' }}>{unit}</small> : null}
    </span>
  </div>
);
