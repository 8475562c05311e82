/**
 * Who must see which write (ADR 0006): a write marks the primary's LSN under its writer's keys, and a read may go to
 * the replica only once the replica has replayed the highest mark among its reader's keys.
 */
export type Reader = {
  id: number;
  // 'web': a company's user; 'operator' and 'sys' see across companies
  kind: string;
  tenantId: number | null;
  operatorId: number | null;
} | null;

/** a PostgreSQL LSN ('16/B374D848') as one number */
export const lsnOf = (text: string): bigint => {
  const [hi = '0', lo = '0'] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

/**
 * The keys a write is marked under: the user and his company (so his colleagues see it too) or operator; a write of
 * no user (a job, a maintenance statement) under `*`, which every reader waits for. A call of no login (a device's
 * event, a resident's phone page) marks nothing: it reaches the screens within the lag limit.
 */
export const writerKeys = (w: Reader): string[] =>
  w === null
    ? ['*']
    : [`u:${w.id}`, ...(w.tenantId ? [`t:${w.tenantId}`] : []), ...(w.operatorId ? [`o:${w.operatorId}`] : [])];

/**
 * The LSN a reader must see: a company user his own, his company's and the unattributed writes; an operator's or
 * the platform's screens span companies, so they wait for every mark (`any`).
 */
export const needOf = (marks: ReadonlyMap<string, bigint>, r: Reader): bigint => {
  const keys = r === null ? ['*'] : r.kind === 'web' ? [...writerKeys(r), '*'] : ['any'];
  let need = 0n;
  for (const k of keys) need = (marks.get(k) ?? 0n) > need ? marks.get(k)! : need;
  return need;
};
