import { z } from 'zod';

/**
 * Zod messages are Chinese. A message the schema author wrote already names the field; a default
 * one is marked here so the error handler can put the field's name in front of it.
 */
export const DEFAULT_MARK = '\u0001';
const zh = z.locales.zhCN().localeError;
z.config({
  customError: (iss) => {
    const m = zh(iss);
    const text = typeof m === 'string' ? m : (m?.message ?? '格式错误');
    return DEFAULT_MARK + text;
  },
});

type Issue = { path: PropertyKey[]; message: string };

export const issueMessage = (issue: Issue, prefix = ''): { field: string; msg: string } => {
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  const msg = issue.message.startsWith(DEFAULT_MARK)
    ? `${field || '参数'}：${issue.message.slice(DEFAULT_MARK.length)}`
    : issue.message;
  return { field, msg };
};

/** The path of the first string (value or key) holding a NUL byte, which PostgreSQL refuses in text; null when none does. */
export const nulPath = (v: unknown, path: string[] = [], depth = 0): string | null => {
  if (typeof v === 'string') return v.includes('\u0000') ? path.join('.') || '参数' : null;
  if (!v || typeof v !== 'object' || depth > 20) return null;
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('\u0000')) return [...path, k.split('\u0000').join('')].join('.');
    const hit = nulPath(x, [...path, k], depth + 1);
    if (hit) return hit;
  }
  return null;
};

/** The body of a call that takes none (documented as such; any stray keys are ignored). */
export const noBody = z.object({}).describe('无参数').optional();
