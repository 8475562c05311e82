import { sql } from 'drizzle-orm';
import { rowsOf } from '../input.ts';

type Q = Parameters<typeof rowsOf>[0];

/**
 * The company's sensitive words found in a text, in one statement (case-insensitive, as written anywhere in it):
 * none means the text may be published as it is.
 */
export const sensitiveWordsIn = async (q: Q, tenantId: number, text: string): Promise<string[]> =>
  (
    await rowsOf<{ word: string }>(
      q,
      sql`select word from community_sensitive_words
        where tenant_id = ${tenantId} and strpos(lower(${text}), lower(word)) > 0 order by id limit 10`,
    )
  ).map((r) => r.word);
