import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FooterTable } from '@5a/contracts';
import type { HookCtx, Row } from './types.ts';
import type { AppRegistry } from './registry.ts';

/**
 * What a later module adds to an earlier module's screen, which may not import it (the parking module's cars
 * below a resident): footer tables shown below a clicked row, props computed in the screen's own select (plain SQL
 * over its table's row, so a page view stays one statement), and a decorate step for what SQL cannot say.
 * Declared by the module (`Module.extensions`), held by each app's registry, keyed by the screen's table.
 */
export type ScreenExtension = {
  of: PgTable;
  footerTables?: readonly FooterTable[];
  props?: Readonly<Record<string, SQL>>;
  decorate?: (ctx: HookCtx, rows: Row[]) => Promise<Row[]>;
};

/** The props other modules compute in this table's select, by name. */
export const extensionPropsOf = (registry: AppRegistry, table: PgTable): [string, SQL][] =>
  registry.extensionsOf(table).flatMap((e) => Object.entries(e.props ?? {}));
