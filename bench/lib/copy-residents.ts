/**
 * The limit for the resident import: `COPY gate_persons FROM STDIN` of the same rows the import
 * file holds (the same SQL and serials as bench/lib/estate-import.ts builds its file from: the
 * tenant's newest houses, 3 residents each), in a transaction rolled back. Run it right before the
 * import, so "the newest houses" are the same ones.
 */
import type pg from 'pg';
import { personsSelectSql, PERSON_COLS, SERIAL_IMPORT } from './data-residents.ts';
import { copyInRolledBack, copyOut } from './copy.ts';

export type CopyFigures = { rows: number; bytes: number; ms: number };

export const copyResidents = async (pool: pg.Pool, opts: { tenantId: number; rows: number }): Promise<CopyFigures> => {
  const houses = Math.ceil(opts.rows / 3);
  const lower = (
    await pool.query<{ id: number }>(`select id from houses where tenant_id = $1 order by id desc offset $2 limit 1`, [
      opts.tenantId,
      houses - 1,
    ])
  ).rows[0]?.id;
  if (!lower) throw new Error(`tenant ${opts.tenantId} has fewer than ${houses} houses`);
  const client = await pool.connect();
  let data: Buffer;
  try {
    await client.query('begin');
    await client.query('set local jit = off'); // the connection goes back to the pool: local to this transaction
    const out = await copyOut(
      client,
      `select ${PERSON_COLS} from (${personsSelectSql(`h.tenant_id = ${opts.tenantId} and h.id >= ${lower}`, houses, opts.rows, SERIAL_IMPORT)}) p order by house_id, idcard`,
      true,
    );
    data = out.data!;
    if (out.rows !== opts.rows) throw new Error(`COPY TO gave ${out.rows} residents, expected ${opts.rows}`);
  } finally {
    await client.query('commit').catch(() => undefined);
    client.release();
  }
  const r = await copyInRolledBack(pool, 'gate_persons', PERSON_COLS, data);
  return { rows: r.rows, bytes: data.length, ms: r.ms };
};
