import type { FastifyInstance } from 'fastify';
import type { Db } from '../core/db/client.ts';
import type { ServerConfig } from '../core/config.ts';
import type { Screen } from '../core/screens/define.ts';

export type ModuleDeps = { db: Db; config: ServerConfig };
/** A domain module registers its routes under /xapi; `screens` are its declarations, whose menus the start-up sync writes. */
export type Module = { name: string; register: (api: FastifyInstance, deps: ModuleDeps) => Promise<void> | void; screens?: readonly Screen[] };
