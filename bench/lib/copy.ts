/**
 * COPY over the pg client (pg-copy-streams): what PostgreSQL itself can stream out or take in, the
 * limit the app's export and import paths are compared with.
 */
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';

/** A statement with its parameters written in: COPY takes no bind parameters. */
export const inlineSql = (text: string, values: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, i: string) => literal(values[Number(i) - 1]));

const literal = (v: unknown): string => {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `array[${v.map(literal).join(', ')}]`;
  return `'${String(v).replace(/'/g, "''")}'`;
};

export type CopyOut = { ms: number; bytes: number; rows: number; data?: Buffer };

/** COPY (query) TO STDOUT (csv): streamed and counted, kept in memory only when `keep` */
export const copyOut = async (client: pg.ClientBase, query: string, keep = false): Promise<CopyOut> => {
  const t = performance.now();
  const stream = client.query(copyTo(`copy (${query}) to stdout (format csv)`));
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const c of stream as AsyncIterable<Buffer>) {
    bytes += c.length;
    if (keep) chunks.push(c);
  }
  return { ms: performance.now() - t, bytes, rows: stream.rowCount, data: keep ? Buffer.concat(chunks) : undefined };
};

/** COPY table (columns) FROM STDIN (csv) of `data`, in 1 MB writes as a client would send a file */
export const copyIn = async (client: pg.ClientBase, table: string, columns: string, data: Buffer) => {
  const t = performance.now();
  const sink = client.query(copyFrom(`copy ${table} (${columns}) from stdin (format csv)`));
  const parts = function* () {
    for (let i = 0; i < data.length; i += 1 << 20) yield data.subarray(i, i + (1 << 20));
  };
  await pipeline(Readable.from(parts()), sink);
  return { ms: performance.now() - t, rows: sink.rowCount };
};

/**
 * Inserts `data` with COPY FROM in a transaction that is rolled back, after `before` (run in the
 * same transaction, not timed: e.g. deleting the rows being copied back). Returns the COPY's time.
 */
export const copyInRolledBack = async (
  pool: pg.Pool,
  table: string,
  columns: string,
  data: Buffer,
  before?: string,
) => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (before) await client.query(before);
    return await copyIn(client, table, columns, data);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
};
