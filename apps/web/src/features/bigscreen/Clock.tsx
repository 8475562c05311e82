import { useEffect, useState } from 'react';
import { clockText } from './scale.ts';

/** The time on the screen, ticking every second. */
export const Clock = ({ testId }: { testId?: string }) => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const c = clockText(now);
  return (
    <div className="bs-clock" data-testid={testId}>
      <span className="bs-clock-time">{c.time}</span>
      <span>
        {c.date} {c.week}
      </span>
    </div>
  );
};
