/** Paged list reply of every list call. */
export type Page<T> = { records: T[]; total: number; current: number; size: number; pageCount: number };
