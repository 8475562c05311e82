import type { FastifyInstance } from 'fastify';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { Screen } from '../../../core/screens/define.ts';
import { lendFinancialSubjects, onBillsPaid } from '../../fees/index.ts';
import { financialSubjects } from './financial.ts';
import type { ModuleDeps } from '../../types.ts';
import { z } from 'zod';
import { associateBody, associateSpace, associationResource, takenSpaces, takenSpacesBody } from './associations.ts';
import { applyPaidCharges } from './charges.ts';
import { associateReply, chargeReply, renewInfoReply } from '../replies.ts';
import {
  cardTopUpBody,
  firstTermBiller,
  renewAssociation,
  renewBody,
  renewInfo,
  renewInfoBody,
  topUpThroughFees,
} from './renewal.ts';

export const assocScreens: readonly Screen[] = [associationResource];

/** Space associations, their renewal bills and monthly cards bought through fees; paying a bill applies it once. */
export const registerAssocRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  onBillsPaid(registry, applyPaidCharges);
  lendFinancialSubjects(registry, financialSubjects);
  serve(
    app,
    parkingApi.associate,
    {
      tags: ['停车'],
      summary:
        '关联车位 {spaceNum, owner, type, status, isLongTime, start_date, end_date, bill_first}（同一车位有效期不可重叠；bill_first=1 时短期租赁车位当即生成首期账单）',
      body: associateBody,
      reply: associateReply,
      access: { perm: 'ParkingAssociation:add' },
      writes: true,
    },
    async (body, req) => {
      const { billed_msg, ...made } = await associateSpace(db, callerOf(req), body, firstTermBiller(body));
      return withMsg(made, billed_msg ? `关联成功，${billed_msg}` : '关联成功');
    },
  );
  serve(
    app,
    parkingApi.takenSpaces,
    {
      tags: ['停车'],
      summary: '所选时段已被有效关联占用的车位 {village_id, start_date, end_date}',
      body: takenSpacesBody,
      reply: z.array(z.object({ id: z.number(), owner: z.string(), until: z.string().nullable() })),
      access: { perm: 'ParkingAssociation:add' },
      writes: false,
    },
    async (body, req) => takenSpaces(db, callerOf(req), body),
  );
  serve(
    app,
    parkingApi.renewInfo,
    {
      tags: ['停车'],
      summary: '续费表单：业主、联系方式、车位类型、月租与清洁费 {id}',
      body: renewInfoBody,
      reply: renewInfoReply,
      access: { perm: 'ParkingAssociation:edit' },
      writes: false,
    },
    async (body, req) => renewInfo(db, callerOf(req), body.id),
  );
  serve(
    app,
    parkingApi.renew,
    {
      tags: ['停车'],
      summary: '车位续费 {id, month, payType}：生成车位费账单（线上支付在欠费催缴收款，其他方式当场收款），缴费后顺延',
      body: renewBody,
      reply: chargeReply,
      access: { perm: 'ParkingAssociation:edit' },
      writes: true,
    },
    async (body, req) => {
      const r = await renewAssociation(registry, db, callerOf(req), body);
      return withMsg(r, r.msg);
    },
  );
  serve(
    app,
    parkingApi.cardTopUp,
    {
      tags: ['月卡'],
      summary: '月卡充值 {vehicle_id, package_id, payType}：按套餐价格生成月卡费账单，缴费后月卡顺延或开通',
      body: cardTopUpBody,
      reply: chargeReply,
      access: { anyOf: ['ParkingCar:edit', 'ParkingPackage:edit'] },
      writes: true,
    },
    async (body, req) => {
      const r = await topUpThroughFees(registry, db, callerOf(req), body);
      return withMsg(r, r.msg);
    },
  );
};
