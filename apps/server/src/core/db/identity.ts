/**
 * A number per database handle, for process-level caches of what a database holds (resolved tokens, list totals):
 * a key that starts with it keeps one app's cached rows from answering another app on another database.
 */
const ids = new WeakMap<object, number>();
let last = 0;

export const dbKey = (db: object): number => {
  let id = ids.get(db);
  if (id === undefined) ids.set(db, (id = ++last));
  return id;
};
