import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import type { Platform } from '../engine/platform.ts';
import type { ScreenExtension } from '../engine/extensions.ts';
import type { LentDependent } from '../engine/types.ts';
import type { JobDefinition, JobQueue } from '../jobs/types.ts';
import type { Screen } from './define.ts';
import type { AppRegistry } from '../engine/registry.ts';

/** `jobs`: queue a declared job's run now, read a run's state back; `registry`: the app's own — what its modules
 * declared, and the slots they keep per-app state in */
export type ModuleDeps = { db: Db; config: ServerConfig; jobs: JobQueue; registry: AppRegistry };
/**
 * A domain module registers its routes under /xapi. The rest are values the app's registry is made of
 * (`createRegistry`), never process-global: `screens` are its declarations, whose menus the start-up sync writes;
 * `platform` is what it lends the engine (dictionaries, villages, region codes).
 */
export type Module = {
  name: string;
  register: (api: FastifyInstance, deps: ModuleDeps) => Promise<void> | void;
  screens?: readonly Screen[];
  platform?: Partial<Platform>;
  /** its rows that keep rows of another module's table from being deleted (a village's buildings, a house's bills) */
  dependents?: readonly LentDependent[];
  /** what it adds to other modules' screens (footer tables, row props) */
  extensions?: readonly ScreenExtension[];
  /** its background work (sweeps, on-demand runs), run by the app's job runner (`core/jobs`) */
  jobs?: readonly JobDefinition[];
};
