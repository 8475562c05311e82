import { storageKey } from '../config.ts';

/** Front-end error log, shown on /log. */
export type LogEntry = {
  id: number;
  time: string;
  kind: 'api' | 'error' | 'promise';
  message: string;
  detail: string;
  url: string;
};

const MAX_ENTRIES = 200;
const STORE_KEY = storageKey('log');

const isEntry = (v: unknown): v is LogEntry =>
  typeof v === 'object' &&
  v !== null &&
  'id' in v &&
  'message' in v &&
  typeof v.id === 'number' &&
  typeof v.message === 'string';

/** Kept in sessionStorage so the log survives reloads of this tab. */
const load = (): LogEntry[] => {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
};
const save = () => {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(entries));
  } catch {
    /* storage full: the log stays in memory */
  }
};

let entries: LogEntry[] = typeof sessionStorage === 'undefined' ? [] : load();
let seq = entries.reduce((m, e) => Math.max(m, e.id), 0);
const listeners = new Set<() => void>();

const pad = (n: number) => String(n).padStart(2, '0');
const now = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** The page the user is on now ('' outside a browser). */
export const currentPage = () => (typeof location === 'undefined' ? '' : location.pathname + location.search);

/**
 * `page` is the page the failing work belongs to: a call's failure arrives after the user may have moved on, so
 * the caller passes the page it was made on (the default, now, suits uncaught errors).
 */
export const logError = (kind: LogEntry['kind'], message: string, detail = '', page = currentPage()) => {
  seq += 1;
  entries = [{ id: seq, time: now(), kind, message, detail, url: page }, ...entries].slice(0, MAX_ENTRIES);
  save();
  if (import.meta.env.DEV) console.error(`[${kind}]`, message, detail);
  listeners.forEach((l) => l());
};

export const getLogEntries = () => entries;
export const clearLog = () => {
  entries = [];
  save();
  listeners.forEach((l) => l());
};
export const subscribeLog = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const installGlobalErrorLogging = () => {
  window.addEventListener('error', (e) =>
    logError('error', e.message || '脚本错误', e.error instanceof Error ? (e.error.stack ?? '') : ''),
  );
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    logError(
      'promise',
      reason instanceof Error ? reason.message : String(reason),
      reason instanceof Error ? (reason.stack ?? '') : '',
    );
  });
};
