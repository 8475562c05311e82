import type { FooterTable } from '@5a/contracts';
import type { Row } from './context.ts';

/** The footer tables shown below a clicked row: those without a condition, and those whose prop the row has truthy. */
export const footersFor = (footers: readonly FooterTable[], parent: Row | null): FooterTable[] =>
  parent ? footers.filter((f) => !f.showWhen || Boolean(parent[f.showWhen])) : [];
