import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionSchema } from '@5a/contracts';
import { servicesApi } from '@5a/contracts/endpoints/services';
import type { Screen } from '../../../core/screens/define.ts';
import { everySweep } from '../../../core/jobs/schedule.ts';
import type { JobDefinition } from '../../../core/jobs/types.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { setMenuGate } from '../../rbac/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { serviceState } from './expiry.ts';
import { hiddenMenus } from './menu-gate.ts';
import { renewalOrderResource } from './renewal-orders.ts';
import { sweepExpiryReminders } from './reminders.ts';
import { unpaidRenewalResource } from './unpaid-renewals.ts';
import { menuOptions, serviceItemResource } from './services.ts';
import { noBody } from '../../../core/validation.ts';

export const serviceScreens: readonly Screen[] = [serviceItemResource, renewalOrderResource, unpaidRenewalResource];

/** expiry reminders: every sweep interval, off the request path; each reminder is sent once however often it runs */
export const expiryReminderSweep: JobDefinition = {
  name: 'operator-expiry-reminders',
  schedule: everySweep,
  run: ({ db }) => sweepExpiryReminders(db),
};

/** The catalogue's menu choices, the menu gate of services a company has not taken, expiry and renewal orders. */
export const registerServiceRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  // the gate reads through the handle rbac passes: a process may hold several apps, each with its own database
  setMenuGate(registry, hiddenMenus);
  serve(
    app,
    servicesApi.menuOptions,
    {
      tags: ['服务项目'],
      summary: '服务可开通的物业端菜单（分组与页面）',
      body: noBody,
      reply: z.array(optionSchema),
      access: { anyOf: ['ServiceItem:view', 'ServiceItem:add', 'ServiceItem:edit'] },
      writes: false,
    },
    async () => menuOptions(db),
  );
  // the web shell's banner: days left, grace, read-only; anyone signed in may ask about his own company
  serve(
    app,
    servicesApi.state,
    {
      tags: ['服务续费'],
      summary: '本公司物业服务到期状态（剩余天数、宽限期、是否只读）',
      body: noBody,
      reply: z.object({
        expire: z.string(),
        daysLeft: z.number().int().nullable(),
        graceDays: z.number().int(),
        readOnly: z.boolean(),
        message: z.string(),
      }),
      access: 'user',
      writes: false,
    },
    async (_body, req) => serviceState(db, callerOf(req).actor),
  );
};
