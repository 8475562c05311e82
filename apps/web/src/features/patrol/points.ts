/** The patrol QR labels: what a point's code says, where the print page lives, how labels fill A4 sheets. */

import type { PatrolQrPoint } from '@5a/contracts/endpoints/patrol';

export const QR_WIDTH = 300;
/** labels per A4 sheet: two columns of two (a 300 px code with its title fits a quarter page) */
export const LABELS_PER_SHEET = 4;
export const PRINT_PATH = '/print/patrol-qr';

/** One label as the server's qrList answers it. */
export type { PatrolQrPoint };

/** The link a guard's phone opens when it scans the point's code. */
export const patrolLink = (origin: string, pointId: number) => `${origin}/h5/patrol?point=${pointId}`;

/** The print page for these points; a route passes its name as the sheet title. */
export const printUrl = (ids: readonly (string | number)[], title?: string) => {
  const q = new URLSearchParams({ ids: ids.join(',') });
  if (title) q.set('title', title);
  return `${PRINT_PATH}?${q.toString()}`;
};

/** The ids of a print address (`ids=1,2,3`): positive integers in order, each once; anything else is dropped. */
export const idsOfQuery = (value: string | null): number[] => {
  const out: number[] = [];
  for (const part of (value ?? '').split(',')) {
    const t = part.trim();
    if (!/^\d{1,10}$/.test(t)) continue;
    const n = Number(t);
    if (n >= 1 && n <= 2_147_483_647 && !out.includes(n)) out.push(n);
  }
  return out;
};

/** Labels split into A4 sheets. */
export const sheetsOf = <T>(labels: readonly T[], perSheet = LABELS_PER_SHEET): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < labels.length; i += perSheet) out.push(labels.slice(i, i + perSheet));
  return out;
};

/** The document title, which the browser prints in the page header: a single point's name, else the job's title. */
export const printTitle = (points: readonly PatrolQrPoint[], title: string | null) =>
  points.length === 1 && !title ? points[0]!.name : title || `巡更点位二维码（${points.length}个）`;
