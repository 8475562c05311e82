import type { Module } from '../types.ts';
import { paymentRoutes } from './routes.ts';

/** Online payment: the providers (WeChat Pay, the sandbox), a company's and the platform's provider, and their callbacks. */
export const paymentModule: Module = { name: 'payment', register: paymentRoutes };

/** What the fees module collects through: the provider a company (or the platform, for renewals) pays with. */
export { openidOf, platformProviderFor, providerFor, usePaymentProvider, type ProviderResolver } from './resolve.ts';
export { notifyAck, PaymentSignatureError, type CreatedOrder, type PayResult } from './provider.ts';
/** A company provider's notification route, verified over the raw body and settled by the caller. */
export { registerNotifyRoute, type NotifyRoute } from './notify-route.ts';
