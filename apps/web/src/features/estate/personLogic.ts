/** Pure rules of the resident screen's review and tag dialogs (unit tested). */

/** Review results the dialog offers (review_status 1 / 2; 0 待审核 is where a review starts). */
export const REVIEW_PASSED = 1;
export const REVIEW_REFUSED = 2;
export const REVIEW_CHOICES = [
  { value: REVIEW_PASSED, label: '已通过' },
  { value: REVIEW_REFUSED, label: '已驳回' },
] as const;

/** The dialog's first choice: the stored result when there is one, else 已通过. */
export const initialReview = (status: unknown): number =>
  Number(status) === REVIEW_REFUSED ? REVIEW_REFUSED : REVIEW_PASSED;

/** The review calls hang off the list's base: {id} → reviewGet, {id, name, status} → the action's api or reviewSave. */
export const reviewUrls = (route: string, api?: string) => {
  const base = route.slice(0, route.lastIndexOf('/'));
  return { get: `${base}/reviewGet`, save: api ?? `${base}/reviewSave` };
};

/** A row's tags: stored comma-joined ('1,4'), sent as an array of dictionary values. */
export const tagsOf = (value: unknown): string[] => {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
};

/** The tags every selected row has: the tag dialog starts from them (one row: its own tags). */
export const sharedTags = (rows: readonly Record<string, unknown>[]): string[] => {
  if (!rows.length) return [];
  const [first, ...rest] = rows.map((r) => tagsOf(r.tags));
  return first!.filter((t) => rest.every((tags) => tags.includes(t)));
};
