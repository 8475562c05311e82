import type { JobProgress } from './types.ts';

const EVERY_MS = 500;

/**
 * A handler may report progress per row; the database gets at most one write per half second, and the newest
 * value is written at the end of that half second (`last` also goes into the run's final record).
 */
export const progressWriter = (write: (p: JobProgress) => Promise<unknown>) => {
  let last: JobProgress | null = null;
  let lastWrite = 0;
  let pending: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = async () => {
    pending = undefined;
    if (closed || !last) return;
    lastWrite = Date.now();
    await write(last);
  };
  return {
    get last() {
      return last;
    },
    report: async (p: JobProgress) => {
      last = p;
      if (closed || pending) return;
      const wait = lastWrite + EVERY_MS - Date.now();
      if (wait <= 0) return flush();
      pending = setTimeout(() => void flush().catch(() => undefined), wait);
      pending.unref();
    },
    close: () => {
      closed = true;
      clearTimeout(pending);
    },
  };
};
