import { AnimatedNumber } from './AnimatedNumber.tsx';
import { ringShare } from './scale.ts';

type Props = {
  label: string;
  value: number;
  /** what the ring is a share of (the value alone fills it when omitted) */
  total?: number;
  color: string;
  size?: number;
  testId?: string;
};

/** A counter in a ring filled by its share of a total, the label under it. */
export const RingCounter = ({ label, value, total, color, size = 104, testId }: Props) => {
  const stroke = 8;
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  const share = ringShare(value, total ?? value);
  return (
    <div className="bs-ring" style={{ width: size }} data-testid={testId}>
      <div style={{ position: 'relative', width: size, height: size }}>
        <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden>
          <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="rgba(255,255,255,0.08)" strokeWidth={stroke} />
          <circle
            cx={size / 2}
            cy={size / 2}
            r={r}
            fill="none"
            stroke={color}
            strokeWidth={stroke}
            strokeLinecap="round"
            strokeDasharray={`${c * share} ${c}`}
            transform={`rotate(-90 ${size / 2} ${size / 2})`}
            style={{ transition: 'stroke-dasharray 0.8s ease-out' }}
          />
        </svg>
        <div className="bs-ring-value" style={{ color }}>
          <AnimatedNumber value={value} />
        </div>
      </div>
      <div className="bs-ring-label">{label}</div>
    </div>
  );
};
