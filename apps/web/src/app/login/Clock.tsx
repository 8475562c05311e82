import { useEffect, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');
// YYYY-MM-DD HH:mm:ss without dayjs, which the login page's JS does not otherwise carry
const format = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A clock ticking every second (the login page's footer). */
export const Clock = () => {
  const [now, setNow] = useState(format);
  useEffect(() => {
    const t = setInterval(() => setNow(format()), 1000);
    return () => clearInterval(t);
  }, []);
  return <span data-testid="login-clock">{now}</span>;
};
