import type { CSSProperties, ReactNode } from 'react';

/** A box on the stage in design pixels. */
export type Place = { x: number; y: number; w: number; h: number };

type Props = {
  title?: ReactNode;
  /** controls at the title's right (a period switch) */
  extra?: ReactNode;
  place?: Place;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  children: ReactNode;
  testId?: string;
};

/** A framed panel with a title bar, placed on the stage at design pixels (or in the flow without `place`). */
export const Panel = ({ title, extra, place, style, bodyStyle, children, testId }: Props) => (
  <section
    className="bs-panel"
    style={{
      ...(place ? { position: 'absolute', left: place.x, top: place.y, width: place.w, height: place.h } : {}),
      ...style,
    }}
    data-testid={testId}
  >
    {title !== undefined || extra !== undefined ? (
      <header className="bs-panel-head">
        <h3 className="bs-panel-title">{title}</h3>
        {extra}
      </header>
    ) : null}
    <div className="bs-panel-body" style={bodyStyle}>
      {children}
    </div>
  </section>
);

type ToggleProps<T extends string> = {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
  testId?: string;
};

/** A small segmented switch for a panel's title bar (a chart's period). */
export const Toggle = <T extends string>({ value, options, onChange, testId }: ToggleProps<T>) => (
  <div className="bs-toggle" role="radiogroup" data-testid={testId}>
    {options.map((o) => (
      <button
        key={o.value}
        type="button"
        role="radio"
        aria-checked={o.value === value}
        className={o.value === value ? 'bs-toggle-on' : undefined}
        onClick={() => onChange(o.value)}
      >
        {o.label}
      </button>
    ))}
  </div>
);
