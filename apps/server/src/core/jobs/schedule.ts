import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import type { ServerConfig } from '../config.ts';
import type { JobDefinition, JobSchedule } from './types.ts';

/** the sweeps' schedule: every SWEEP_INTERVAL_SEC (a minute unless set); 0 (tests only) schedules none */
export const everySweep = (config: ServerConfig): JobSchedule | null =>
  config.sweepIntervalMs > 0 ? { every: config.sweepIntervalMs } : null;

export const scheduleOf = (def: JobDefinition, config: ServerConfig): JobSchedule | null =>
  typeof def.schedule === 'function' ? def.schedule(config) : (def.schedule ?? null);

/** the first slot after `t` (ms since the epoch); null when a cron pattern has no more */
export const slotAfter = (schedule: JobSchedule, t: number): number | null => {
  if ('every' in schedule) return (Math.floor(t / schedule.every) + 1) * schedule.every;
  const next = new Cron(schedule.cron, { timezone: schedule.timezone ?? 'Asia/Shanghai' }).nextRun(new Date(t));
  return next ? next.getTime() : null;
};

/**
 * The run of one slot has the same id in every process: the first process to insert it wins and the others'
 * inserts do nothing, so a slot runs once however many processes tick.
 */
export const slotId = (name: string, slot: number): string => {
  const h = createHash('sha256')
    .update(`${name}@${new Date(slot).toISOString()}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

// a long wait is taken in steps: setTimeout overflows past ~24.8 days, and a changed wall clock is noticed
const MAX_WAIT_MS = 60_000;

/**
 * Calls `fire(slot)` at every slot of the schedule until the returned stop is called. The slot passed is the
 * planned time, not the moment the timer ran, so a late timer still names the same run as the other processes;
 * slots missed while the event loop was blocked are skipped, not replayed.
 */
export const tick = (schedule: JobSchedule, fire: (slot: number) => void): (() => void) => {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const wait = (slot: number | null) => {
    if (stopped || slot === null) return;
    const ms = slot - Date.now();
    timer = setTimeout(
      () => {
        if (Date.now() < slot) return wait(slot);
        fire(slot);
        wait(slotAfter(schedule, Math.max(slot, Date.now() - 1)));
      },
      Math.min(Math.max(ms, 0), MAX_WAIT_MS),
    );
    timer.unref();
  };
  wait(slotAfter(schedule, Date.now()));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
