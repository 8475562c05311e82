import type { FastifyInstance } from 'fastify';
import type { Db } from '../core/db/client.ts';
import type { ServerConfig } from '../core/config.ts';

export type ModuleDeps = { db: Db; config: ServerConfig };
/** A domain module registers its routes under /xapi. */
export type Module = { name: string; register: (api: FastifyInstance, deps: ModuleDeps) => Promise<void> | void };
