import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Option, ScreenConfig } from '@5a/contracts';
import type { Db } from '../db/client.ts';
import { dictDataResource } from '../../modules/system/resource.ts';
import { dictData } from '../../modules/system/schema.ts';
import { scopeWhere, type Caller } from './scope.ts';

/**
 * The caller's dictionaries (own rows and shared rows, enabled only), grouped by type: the rows
 * `/api/dict` answers and the options a screen config carries for its dictionary fields.
 */
export const dictionaries = async (db: Db, caller: Caller, types?: readonly string[]): Promise<Record<string, Option[]>> => {
  if (types && !types.length) return {};
  const rows = await db
    .select({ type: dictData.dictType, label: dictData.dictLabel, value: dictData.dictValue })
    .from(dictData)
    .where(and(scopeWhere(dictDataResource, caller, false), eq(dictData.status, 1), types ? inArray(dictData.dictType, [...types]) : undefined))
    .orderBy(asc(dictData.dictType), asc(dictData.dictNumber), asc(dictData.id));
  const out: Record<string, Option[]> = {};
  for (const r of rows) (out[r.type] ??= []).push({ label: r.label, value: r.value });
  return out;
};

/**
 * A dictionary field's options travel in the config (one query for all of them), so a list
 * screen needs no dictionary request of its own. A field with declared options keeps them.
 */
export const withDictOptions = async (db: Db, caller: Caller, config: ScreenConfig): Promise<ScreenConfig> => {
  const types = [...new Set(config.fields.filter((f) => f.dict && !f.options).map((f) => f.dict!))];
  if (!types.length) return config;
  const dicts = await dictionaries(db, caller, types);
  return { ...config, fields: config.fields.map((f) => (f.dict && !f.options ? { ...f, options: dicts[f.dict] ?? [] } : f)) };
};
