/**
 * A pg Pool whose every statement is counted (and, while `capture` is on, recorded with its
 * parameters and start/end times), whichever path sent it: pool.query, a transaction's client, a
 * drizzle session. Every statement goes through some client's query(), so that is what is wrapped.
 */
import pg from 'pg';
import { performance } from 'node:perf_hooks';

export type Stmt = { text: string; values: unknown[]; start: number; end: number };

export const countedPool = (connectionString: string, max: number) => {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  const state = { count: 0, capture: null as Stmt[] | null };
  const wrapped = new WeakSet<object>();
  pool.on('connect', (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
      state.count++;
      const first = args[0] as string | { text?: string; values?: unknown[] };
      const stmt: Stmt = {
        text: typeof first === 'string' ? first : String(first?.text ?? ''),
        values: (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : undefined) ?? [],
        start: performance.now(),
        end: 0,
      };
      state.capture?.push(stmt);
      const cb = args.findIndex((a) => typeof a === 'function');
      if (cb >= 0) {
        const done = args[cb] as (...r: unknown[]) => void;
        args[cb] = (...r: unknown[]) => {
          stmt.end = performance.now();
          done(...r);
        };
        return original(...args);
      }
      const out = original(...args);
      if (out && typeof (out as Promise<unknown>).then === 'function')
        void (out as Promise<unknown>).then(
          () => (stmt.end = performance.now()),
          () => (stmt.end = performance.now()),
        );
      return out;
    };
  });
  return {
    pool,
    get count() {
      return state.count;
    },
    /** runs `fn` and returns the statements it sent */
    capture: async <T>(fn: () => Promise<T>) => {
      const list: Stmt[] = [];
      state.capture = list;
      try {
        return { value: await fn(), statements: list };
      } finally {
        state.capture = null;
      }
    },
  };
};
export type CountedPool = ReturnType<typeof countedPool>;

/** Statements grouped as they ran: one that started before the previous ended ran beside it. */
export const concurrentGroups = (list: Stmt[]) => {
  const groups: Stmt[][] = [];
  let lastEnd = -Infinity;
  for (const s of [...list].sort((a, b) => a.start - b.start)) {
    const g = groups.at(-1);
    if (g && s.start < lastEnd) {
      g.push(s);
      lastEnd = Math.max(lastEnd, s.end);
    } else {
      groups.push([s]);
      lastEnd = s.end;
    }
  }
  return groups;
};
