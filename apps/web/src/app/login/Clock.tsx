import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

const format = () => dayjs().format('YYYY-MM-DD HH:mm:ss');

/** A clock ticking every second (the login page's footer). */
export const Clock = () => {
  const [now, setNow] = useState(format);
  useEffect(() => {
    const t = setInterval(() => setNow(format()), 1000);
    return () => clearInterval(t);
  }, []);
  return <span data-testid="login-clock">{now}</span>;
};
