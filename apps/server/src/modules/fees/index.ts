import type { Module } from '../types.ts';
import { payRoutes } from './collect/routes.ts';
import { renewalRoutes } from './renewal/routes.ts';
import { receiptRoutes } from './receipts/routes.ts';
import { feeRoutes } from './routes.ts';
import { balanceResource } from './balance/resource.ts';
import { paidOrderResource, proFeeResource, renewalListResource, unpaidResource } from './bills/resource.ts';
import { feeItemResource, meterReadingResource } from './bills/items.ts';
import { refundDueResource } from './collect/refunds.ts';
import { billsKeepHouses } from './bills/house-delete.ts';

/** Fee items, bills, collection (on site, online, balance), prepaid balances, fee statistics and the company's service renewals. */
export const feesModule: Module = {
  name: 'fees',
  // its own plugin scope (registerModule): the bill hooks stay here
  register: async (scope, deps) => {
    await feeRoutes(scope, deps);
    await payRoutes(scope, deps);
    await renewalRoutes(scope, deps);
    await receiptRoutes(scope, deps);
  },
  dependents: [billsKeepHouses],
  screens: [
    feeItemResource,
    meterReadingResource,
    renewalListResource,
    proFeeResource,
    unpaidResource,
    paidOrderResource,
    balanceResource,
    refundDueResource,
  ],
};

/** Fee statistics the workbench panels show. */
export { financial, revenue } from './stats/stats.ts';

/** A paid work order's bill (one per order) and what became of it. */
export { createServiceBill, serviceBillStatus, voidServiceBill, type ServiceBillInput } from './bills/service-bill.ts';

/** Bills outside generation (a parking renewal, a monthly card), collected on site at once, and what paying them does. */
export { createOneOffBill, type OneOffBillInput } from './bills/service-bill.ts';
export { charge, residentPayOrder } from './collect/collect.ts';
/** a resident's own unpaid bills, for his phone page */
export { unpaidBillsOf, type UnpaidBill } from './bills/unpaid.ts';
export { onBillsPaid, type BillsPaidHook } from './collect/paid-hooks.ts';
/** The cars and parking spaces the financial statement's selector lists (lent by the parking module). */
export { lendFinancialSubjects, type FinancialSubject, type FinancialSubjects } from './stats/financial-subjects.ts';

/** The service catalogue, the companies' subscriptions and renewal orders (the operator module sells and lists them). */
export { serviceOrders, services, tenantServices } from './schema.ts';
export { PLATFORM_SERVICE, RENEW_PERM, settleServiceOrder } from './renewal/renewal.ts';
/** how an end moves (a renewal from its end, or from today once lapsed); the platform's offline renewal */
export { movedEnd, renewOffline, type EndMove } from './renewal/subscription.ts';
export { toFen, yuan } from './format.ts';

/** The fee statistics page, which the workbench's counters link to. */
export const PAY_STATISTICS_PAGE = '/Web/Renewal/PayStatistics/index';
