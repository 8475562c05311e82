import { useEffect, useRef, useState } from 'react';
import { tween } from './scale.ts';

/** ticks of the counting animation */
export const NUMBER_TICK_MS = 10;
const DURATION_MS = 800;

/** A number that counts from its last value to the new one (from 0 on first show). */
export const AnimatedNumber = ({ value, testId }: { value: number; testId?: string }) => {
  const [shown, setShown] = useState(0);
  const from = useRef(0);
  useEffect(() => {
    const start = Date.now();
    const origin = from.current;
    const timer = window.setInterval(() => {
      const v = tween(origin, value, Date.now() - start, DURATION_MS);
      from.current = v;
      setShown(v);
      if (v === value) window.clearInterval(timer);
    }, NUMBER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [value]);
  // the final value is the element's data, so a reader (or a test) need not wait for the count
  return (
    <span className="bs-number" data-value={value} data-testid={testId}>
      {shown.toLocaleString('zh-CN')}
    </span>
  );
};
