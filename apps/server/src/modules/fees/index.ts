import type { Module } from '../types.ts';
import { payRoutes } from './routes-pay.ts';
import { renewalRoutes } from './routes-renewal.ts';
import { feeRoutes } from './routes.ts';

/** Fee items, bills, collection (on site, online, balance), prepaid balances, fee statistics and the company's service renewals. */
export const feesModule: Module = {
  name: 'fees',
  register: async (api, deps) =>
    api.register(async (scope) => {
      await feeRoutes(scope, deps);
      await payRoutes(scope, deps);
      await renewalRoutes(scope, deps);
    }),
};
