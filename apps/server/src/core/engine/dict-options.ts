import type { ScreenConfig } from '@5a/contracts';
import type { Db } from '../db/client.ts';
import type { AppRegistry } from './registry.ts';
import type { Caller } from './scope.ts';

/**
 * A dictionary field's options travel in the config (one query for all of them), so a list
 * screen needs no dictionary request of its own. A field with declared options keeps them.
 */
export const withDictOptions = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  config: ScreenConfig,
): Promise<ScreenConfig> => {
  const types = [...new Set(config.fields.filter((f) => f.dict && !f.options).map((f) => f.dict!))];
  if (!types.length) return config;
  const dicts = await registry.platform('dictionaries')(db, caller, types);
  return {
    ...config,
    fields: config.fields.map((f) => (f.dict && !f.options ? { ...f, options: dicts[f.dict] ?? [] } : f)),
  };
};
