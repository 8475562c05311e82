import { useEffect, useState } from 'react';
import { secondsLeft } from './logic.ts';

/** seconds until the code may be asked again, and `start(seconds)` once one was sent */
export const useCountdown = () => {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!until) return;
    const t = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(t);
    }, 500);
    return () => clearInterval(t);
  }, [until]);
  const start = (seconds: number) => {
    const n = Date.now();
    setNow(n);
    setUntil(n + seconds * 1000);
  };
  return [secondsLeft(until, now), start] as const;
};
