import type { Module } from '../types.ts';
import { registerResidentCommunityRoutes } from './community/routes.ts';
import { registerResidentFileRoute } from './community/files.ts';
import { registerResidentRepairRoutes } from './community/repair-routes.ts';
import { registerResidentUploadRoute } from './community/upload-route.ts';
import { registerLinkRoutes } from './login/link-routes.ts';
import { registerLoginRoutes } from './login/routes.ts';
import { registerMeRoutes } from './me/routes.ts';
import { smsLogResource } from './sms/resource.ts';
import { setSmsSandbox } from './sms/send.ts';

/**
 * 住户手机端: a resident signs in with his phone and a one-time SMS code (or a link staff sent him for one action)
 * and takes part — his bills, the village's questionnaires, votes, circle and repairs, as the village switched them
 * on. The SMS provider (Alibaba Cloud, or the sandbox whose texts 短信记录 keeps) is the company's.
 */
export const residentModule: Module = {
  name: 'resident',
  register: (app, deps) => {
    setSmsSandbox(deps.registry, deps.config.smsSandbox);
    registerLoginRoutes(app, deps);
    registerLinkRoutes(app, deps);
    registerMeRoutes(app, deps);
    registerResidentCommunityRoutes(app, deps);
    registerResidentRepairRoutes(app, deps);
    registerResidentUploadRoute(app, deps);
    registerResidentFileRoute(app, deps);
  },
  screens: [smsLogResource],
};

export { useSmsProvider } from './sms/send.ts';
export type { SmsProvider, SmsText } from './sms/provider.ts';
export * from './schema.ts';
