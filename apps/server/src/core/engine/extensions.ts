import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FooterTable } from '@5a/contracts';
import type { HookCtx, Row } from './types.ts';

/**
 * What a later module adds to an earlier module's screen, which may not import it (the parking module's cars
 * below a resident): footer tables shown below a clicked row, props computed in the screen's own select (plain SQL
 * over its table's row, so a page view stays one statement), and a decorate step for what SQL cannot say.
 * Lent at registration, keyed by the screen's table.
 */
export type ScreenExtension = {
  of: PgTable;
  footerTables?: readonly FooterTable[];
  props?: Readonly<Record<string, SQL>>;
  decorate?: (ctx: HookCtx, rows: Row[]) => Promise<Row[]>;
};

const lent = new Map<PgTable, Set<ScreenExtension>>();

/** Registration: a set per table, so registering an app twice adds nothing. */
export const lendExtensions = (list: readonly ScreenExtension[]) => {
  for (const e of list) lent.set(e.of, (lent.get(e.of) ?? new Set()).add(e));
};

/** The extensions other modules lent this table, in registration order. */
export const extensionsOf = (table: PgTable): readonly ScreenExtension[] => [...(lent.get(table) ?? [])];

/** The props other modules compute in this table's select, by name. */
export const extensionPropsOf = (table: PgTable): [string, SQL][] =>
  extensionsOf(table).flatMap((e) => Object.entries(e.props ?? {}));
