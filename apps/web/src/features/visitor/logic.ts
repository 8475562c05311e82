import dayjs, { type Dayjs } from 'dayjs';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** the pass an approval gives unless changed: today from 00:00:00 until 23:59:59 */
export const defaultPassWindow = (now: Dayjs = dayjs()): [Dayjs, Dayjs] => [now.startOf('day'), now.endOf('day')];

/** what the review sends: a window for an approval, a reason for a refusal */
export const reviewBody = (
  id: number,
  v: { status: 1 | 2; window?: [Dayjs, Dayjs] | null; reason?: string },
): { id: number; status: 1 | 2; pass_start?: string; pass_end?: string; reason?: string } =>
  v.status === 1
    ? {
        id,
        status: 1,
        ...(v.window ? { pass_start: v.window[0].format(TIME_FORMAT), pass_end: v.window[1].format(TIME_FORMAT) } : {}),
      }
    : { id, status: 2, reason: (v.reason ?? '').trim() };

/** a page address the phone can open: the server's absolute one, or this site's when it answered a path */
export const absoluteUrl = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);
