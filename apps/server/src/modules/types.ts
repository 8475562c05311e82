/** The module contract lives in the core (it registers modules); modules name it from here. */
export type { Module, ModuleDeps } from '../core/screens/module.ts';
