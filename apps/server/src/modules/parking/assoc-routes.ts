import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { Screen } from '../../core/screens/define.ts';
import { lendFinancialSubjects, onBillsPaid } from '../fees/index.ts';
import { financialSubjects } from './financial.ts';
import type { ModuleDeps } from '../types.ts';
import { ASSOC_BASE, associateBody, associateSpace, associationResource } from './associations.ts';
import { applyPaidCharges } from './charges.ts';
import { cardTopUpBody, renewAssociation, renewBody, renewInfo, renewInfoBody, topUpThroughFees } from './renewal.ts';

export const assocScreens: readonly Screen[] = [associationResource];

/** flat, or {data: {...}} as dialogs send it */
const dataOf = (body: unknown): unknown => {
  const b = (body ?? {}) as Record<string, unknown>;
  return b.data && typeof b.data === 'object' && !Array.isArray(b.data) ? b.data : b;
};

/** Space associations, their renewal bills and monthly cards bought through fees; paying a bill applies it once. */
export const registerAssocRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  onBillsPaid(applyPaidCharges);
  lendFinancialSubjects(financialSubjects);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    `${ASSOC_BASE}/associate`,
    {
      schema: {
        tags: ['停车'],
        summary: '关联车位 {spaceNum, owner, type, status, isLongTime, start_date, end_date}（同一车位有效期不可重叠）',
        body: z.preprocess(dataOf, associateBody),
      },
      config: { access: { perm: 'ParkingAssociation:add' }, writes: true },
    },
    async (req) => ok(await associateSpace(db, callerOf(req), req.body), '关联成功'),
  );
  api.post(
    `${ASSOC_BASE}/renewInfo`,
    {
      schema: { tags: ['停车'], summary: '续费表单：业主、联系方式、车位类型、月租与清洁费 {id}', body: renewInfoBody },
      config: { access: { perm: 'ParkingAssociation:edit' }, writes: false },
    },
    async (req) => ok(await renewInfo(db, callerOf(req), req.body.id)),
  );
  api.post(
    `${ASSOC_BASE}/renew`,
    {
      schema: {
        tags: ['停车'],
        summary:
          '车位续费 {id, month, payType}：生成车位费账单（线上支付在欠费催缴收款，其他方式当场收款），缴费后顺延',
        body: z.preprocess(dataOf, renewBody),
      },
      config: { access: { perm: 'ParkingAssociation:edit' }, writes: true },
    },
    async (req) => {
      const r = await renewAssociation(db, callerOf(req), req.body);
      return ok(r, r.msg);
    },
  );
  api.post(
    '/Web/Parking/Card/topUp',
    {
      schema: {
        tags: ['月卡'],
        summary: '月卡充值 {vehicle_id, package_id, payType}：按套餐价格生成月卡费账单，缴费后月卡顺延或开通',
        body: z.preprocess(dataOf, cardTopUpBody),
      },
      config: { access: { anyOf: ['ParkingCar:edit', 'ParkingPackage:edit'] }, writes: true },
    },
    async (req) => {
      const r = await topUpThroughFees(db, callerOf(req), req.body);
      return ok(r, r.msg);
    },
  );
};
