import type { Option } from '@5a/contracts';
import type { Caller } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import type { Tx } from './types.ts';

type Q = Db | Tx;
export type DictItem = { type: string; label: string; value: string };

/**
 * What the engine reads from the platform's own modules: dictionaries (a dict field's choices), the
 * company's villages (a village_id must be one of them) and region codes. The core knows no module:
 * each module that owns one of these hands its part over when it is registered (`Module.platform`).
 */
export type Platform = {
  /** items of these dictionary types: platform rows first, then the tenant's own (a tenant row wins) */
  dictItems: (q: Q, types: readonly string[], tenantId: number | null) => Promise<DictItem[]>;
  /** the caller's enabled dictionaries, grouped by type (own rows and shared rows) */
  dictionaries: (db: Db, caller: Caller, types?: readonly string[]) => Promise<Record<string, Option[]>>;
  /** the ids among `ids` that are villages of the tenant */
  villagesOf: (q: Q, tenantId: number, ids: readonly number[]) => Promise<number[]>;
  isRegionCode: (code: string) => boolean;
};

const parts: Partial<Platform> = {};

export const providePlatform = (part: Partial<Platform>) => {
  Object.assign(parts, part);
};

/** One part of the platform; a module that should provide it and was not registered is a start-up mistake. */
export const platform = <K extends keyof Platform>(key: K): Platform[K] => {
  const part = parts[key];
  if (!part) throw new Error(`no module provides the platform's ${key}`);
  return part;
};
