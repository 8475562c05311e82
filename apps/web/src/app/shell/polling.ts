/** More than five consecutive failures (the sixth) stop polling and reset the counter. */
export const MAX_POLL_FAILURES = 5;

export type PollState = { failures: number; stop: boolean };

export const pollStep = (failures: number, ok: boolean): PollState => {
  if (ok) return { failures: 0, stop: false };
  const next = failures + 1;
  return next > MAX_POLL_FAILURES ? { failures: 0, stop: true } : { failures: next, stop: false };
};

export type Timers = { every: (fn: () => void, ms: number) => unknown; cancel: (handle: unknown) => void };
const realTimers: Timers = {
  every: (fn, ms) => setInterval(fn, ms),
  cancel: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/**
 * Runs `call` now and every `ms` until stopped: a success hands its value to `onData`, failures stay
 * silent until the sixth in a row, which stops the polling (`onStop`). Returns the stop function.
 */
export const startPolling = <T>(
  call: () => Promise<T>,
  ms: number,
  handlers: { onData: (v: T) => void; onStop?: () => void },
  timers: Timers = realTimers,
) => {
  let failures = 0;
  let active = true;
  const stop = () => {
    if (!active) return;
    active = false;
    timers.cancel(handle);
  };
  const tick = async () => {
    try {
      const v = await call();
      if (!active) return;
      failures = pollStep(failures, true).failures;
      handlers.onData(v);
    } catch {
      if (!active) return;
      const s = pollStep(failures, false);
      failures = s.failures;
      if (s.stop) {
        stop();
        handlers.onStop?.();
      }
    }
  };
  const handle = timers.every(() => void tick(), ms);
  void tick();
  return stop;
};

/** The abnormal-listen interval: the build environment's setting, else 60 s. */
export const abnormalListenMs = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 1000 ? Math.floor(n) : 60_000;
};
