import type { SQL } from 'drizzle-orm';
import type { AuditHistoryEntry, Option } from '@5a/contracts';
import type { Caller } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import type { Tx } from './types.ts';
import type { AuditEntry } from './audit.ts';

type Q = Db | Tx;
export type DictItem = { type: string; label: string; value: string };

/**
 * What the engine reads from the platform's own modules: dictionaries (a dict field's choices), the
 * company's villages (a village_id must be one of them), region codes and the audit trail's table. The core knows no module:
 * each module that owns one of these declares its part (`Module.platform`), the app's registry holds them.
 */
export type Platform = {
  /** items of these dictionary types: platform rows first, then the tenant's own (a tenant row wins) */
  dictItems: (q: Q, types: readonly string[], tenantId: number | null) => Promise<DictItem[]>;
  /** the caller's enabled dictionaries, grouped by type (own rows and shared rows) */
  dictionaries: (db: Db, caller: Caller, types?: readonly string[]) => Promise<Record<string, Option[]>>;
  /** the ids among `ids` that are villages of the tenant */
  villagesOf: (q: Q, tenantId: number, ids: readonly number[]) => Promise<number[]>;
  isRegionCode: (code: string) => boolean;
  /** writes audit entries in the caller's transaction (one statement for all) */
  recordAudit: (q: Q, entries: readonly AuditEntry[]) => Promise<void>;
  /**
   * the head of an INSERT into the audit table, its columns in AuditEntry's order (tenant, operator, user id and name,
   * ip, screen and title, action, record, before, after): the engine's writes add their entries' SELECT to it and run
   * it in their own statement (audit-sql.ts)
   */
  auditInsert: SQL;
  /** a record's audit entries, newest first; with a tenant, that company's entries only */
  auditHistory: (q: Q, screen: string, recordId: number, tenantId: number | null) => Promise<AuditHistoryEntry[]>;
};
