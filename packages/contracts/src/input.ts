import { z } from 'zod';

/**
 * Bounded input primitives: every number a request carries fits the column it lands in (PostgreSQL
 * refuses an int4 above 2147483647 with an error, not a validation message), so routes declare these
 * rather than a bare z.number().
 */
export const INT4_MAX = 2_147_483_647;
export const INT2_MAX = 32_767;
/** bigint money in fen: up to 99,999,999,999.99 yuan, far above any bill and still exact in a JS number */
export const MONEY_FEN_MAX = 9_999_999_999_999;
/** the deepest page a list serves (offset stays far inside bigint) */
export const MAX_PAGE = 1_000_000;

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} 格式错误` })
    .int(`${label} 格式错误`)
    .min(min, `${label} 格式错误`)
    .max(max, `${label} 格式错误`);

/** an integer for an int4 column, named in its messages */
export const intOf = (label: string, min = -INT4_MAX, max = INT4_MAX) => whole(label, min, max);
/** a row id (serial): 1..2147483647 */
export const idOf = (label = 'id') => whole(label, 1, INT4_MAX);
export const idSchema = idOf();
/** a parent id where 0 is the root */
export const parentIdOf = (label: string) => whole(label, 0, INT4_MAX);

export const NOTHING_SELECTED = '您还未选择数据';

type IdListOptions = { min?: number; max?: number; empty?: string; tooMany?: string };

const ID_TEXT = /^\d{1,10}$/;

/**
 * A selection as clients send it: one id, an array of ids, or a comma list ('12,13,14'); parsed to
 * an array of ids 1..2147483647. Nothing chosen (absent, '', []) says 您还未选择数据 (or `empty`),
 * anything else that is not a list of ids says '<label> 格式错误'. `min: 0` for an optional
 * narrowing (export or list of the chosen rows), where an empty list means no narrowing.
 */
export const idListOf = (
  label: string,
  { min = 1, max = 10_000, empty = NOTHING_SELECTED, tooMany = `一次最多选择${max}条数据` }: IdListOptions = {},
) => {
  const format = `${label} 格式错误`;
  return z
    .union([z.array(z.union([z.number(), z.string()])), z.number(), z.string()], {
      error: (iss) => (iss.input === undefined || iss.input === null ? empty : format),
    })
    .transform((v, ctx) => {
      const parts = Array.isArray(v) ? v : typeof v === 'number' ? [v] : v.trim() === '' ? [] : v.split(',');
      const ids: number[] = [];
      for (const p of parts) {
        const text = typeof p === 'string' ? p.trim() : null;
        const n = text === null ? p : ID_TEXT.test(text) ? Number(text) : NaN;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > INT4_MAX) {
          ctx.addIssue({ code: 'custom', message: format });
          return z.NEVER;
        }
        ids.push(n);
      }
      if (ids.length < min) ctx.addIssue({ code: 'custom', message: empty });
      else if (ids.length > max) ctx.addIssue({ code: 'custom', message: tooMany });
      return ids;
    });
};
/** `ids` of a generic selection route (delete, batch edit, sort, custom batch actions) */
export const idsSchema = idListOf('ids');

/** text for a text column: PostgreSQL refuses NUL in text */
export const safeText = (label: string, max: number) =>
  z
    .string({ error: `${label} 格式错误` })
    .max(max, `${label}不能超过${max}个字符`)
    .refine((s) => !s.includes('\u0000'), `${label}不能包含空字符`);

const makePageSchema = (maxPageSize: number) =>
  z.object({
    current: z.coerce
      .number({ error: 'current 格式错误' })
      .int('current 格式错误')
      .min(1, 'current 必须大于0')
      .max(MAX_PAGE, `current 不能超过${MAX_PAGE}`)
      .default(1),
    size: z.coerce
      .number({ error: 'size 格式错误' })
      .int('size 格式错误')
      .min(1, 'size 必须大于0')
      .max(maxPageSize, `size 不能超过${maxPageSize}`)
      .default(10),
  });
type PageSchema = ReturnType<typeof makePageSchema>;
const pageSchemas = new Map<number, PageSchema>();
/**
 * paging of a list: current 1..MAX_PAGE, size 1..maxPageSize. One schema per limit, built once: building a zod
 * object (and its first parse's compilation) costs far more than parsing, and every list request pages.
 */
export const pageSchema = (maxPageSize = 500): PageSchema => {
  let s = pageSchemas.get(maxPageSize);
  if (!s) pageSchemas.set(maxPageSize, (s = makePageSchema(maxPageSize)));
  return s;
};
