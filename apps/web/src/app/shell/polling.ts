/** More than five consecutive failures (the sixth) stop polling and reset the counter. */
export const MAX_POLL_FAILURES = 5;

export type PollState = { failures: number; stop: boolean };

export const pollStep = (failures: number, ok: boolean): PollState => {
  if (ok) return { failures: 0, stop: false };
  const next = failures + 1;
  return next > MAX_POLL_FAILURES ? { failures: 0, stop: true } : { failures: next, stop: false };
};
