/** Paged list reply of every list call (SPEC §3 Generic list page). */
export type Page<T> = { records: T[]; total: number; current: number; size: number; pageCount: number };
