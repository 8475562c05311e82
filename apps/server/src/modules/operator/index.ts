import type { Module } from '../types.ts';
import { tenantWriteGate } from './expiry.ts';

/**
 * The platform and its operators: operators, their property companies and villages, the services sold to
 * them (and the menus each unlocks), expiry and renewal orders, the operator home and analysis data.
 */
export const operatorModule: Module = {
  name: 'operator',
  register: () => undefined,
  screens: [],
};

export { tenantWriteGate };
