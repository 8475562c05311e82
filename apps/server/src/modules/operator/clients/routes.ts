import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, optionSchema } from '@5a/contracts';
import { servicesApi } from '@5a/contracts/endpoints/services';
import type { Screen } from '../../../core/screens/define.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { expireScreens } from './expire-lists.ts';
import { registerExpireRoutes } from './expire-routes.ts';
import { expiryLogResource } from './expiry-log.ts';
import { operatorResource, regionOptions } from './operators.ts';
import { planServices, tenantResource } from './tenants.ts';
import { registerTemplateRoutes, roleTemplateResource } from './templates.ts';
import { operatorVillageResource } from './villages.ts';
import { noBody } from '../../../core/validation.ts';

export const onboardScreens: readonly Screen[] = [
  operatorResource,
  tenantResource,
  operatorVillageResource,
  ...expireScreens,
  expiryLogResource,
  roleTemplateResource,
];

/**
 * The selects of the operator and company forms (regions an operator serves, services a company may take), the
 * role templates' calls and the expiry lists' 续费 / 延期.
 */
export const registerOnboardRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  serve(
    app,
    servicesApi.regionOptions,
    {
      tags: ['运营商管理'],
      summary: '运营商可选的省、市',
      body: noBody,
      reply: z.array(optionSchema),
      access: { anyOf: ['Operator:view', 'Operator:add', 'Operator:edit'] },
      writes: false,
    },
    async () => regionOptions(),
  );
  serve(
    app,
    servicesApi.serviceOptions,
    {
      tags: ['物业公司'],
      summary: '物业公司可开通的服务（运营商的服务方案）',
      body: z.object({ operator_id: idOf('operator_id').optional().describe('平台：所属运营商') }).optional(),
      reply: z.array(optionSchema),
      access: { anyOf: ['OperatorTenant:view', 'OperatorTenant:add', 'OperatorTenant:edit'] },
      writes: false,
    },
    async (body, req) => {
      const { actor } = callerOf(req);
      // an operator offers its own plan; the platform the plan of the operator it names (all when none)
      const operatorId = actor.kind === 'operator' ? actor.operatorId : (body?.operator_id ?? null);
      return planServices(db, operatorId);
    },
  );
  registerTemplateRoutes(app, db, registry);
  registerExpireRoutes(app, db);
};
