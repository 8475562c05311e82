/**
 * What this process caches of the database and must drop when the rows change: resolved tokens (by token id and
 * by user), access sets (one version for the process), list totals (by table name). The code that changes the rows
 * drops its own cache and announces the change here; the cluster bus of each app carries it to the other processes
 * on the same database, which apply it to their caches without announcing it again.
 */
export type Change =
  | { kind: 'tokens'; ids: number[] }
  | { kind: 'users'; ids: number[] }
  | { kind: 'access' }
  | { kind: 'tables'; names: string[] };

type Listener = (change: Change) => void;

/** the caches' own handlers (apply) and the buses forwarding what this process changed (announce) */
const appliers = new Set<Listener>();
const announcers = new Set<Listener>();

const add = (set: Set<Listener>, l: Listener) => {
  set.add(l);
  return () => void set.delete(l);
};

/** a cache registers how it drops what a change names (at module load: the caches are the process's) */
export const onChange = (l: Listener) => add(appliers, l);

/** an app's cluster bus registers to carry this process's changes to the others */
export const forwardChanges = (l: Listener) => add(announcers, l);

/** a change made here: the caches drop it (the caller may have already) and the other processes hear of it */
export const announce = (change: Change) => {
  for (const l of appliers) l(change);
  for (const l of announcers) l(change);
};

/** a change another process made: only the caches here */
export const applyRemote = (change: Change) => {
  for (const l of appliers) l(change);
};
