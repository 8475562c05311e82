import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { receiptApi } from '@5a/contracts/endpoints/receipts';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { noBody } from '../bodies.ts';
import {
  receiptDocs,
  receiptIdsBody,
  receiptSettingsOf,
  recordPrints,
  saveReceiptSettings,
  settingsBody,
} from './receipts.ts';

const tags = ['收费管理'];
const BILL_VIEWERS = { anyOf: ['RenewalList:view', 'ProFee:view', 'Unpaid:view', 'PaidOrder:view'] };

const settingsReply = z.object({
  layout: z.enum(['a4', 'half', 'continuous']).describe('a4 每页一张 / half 一页两张 / continuous 241mm 连续纸'),
  title: z.string(),
  header: z.string(),
  footer: z.string(),
});
const docsReply = z.object({
  company: z.string(),
  settings: settingsReply,
  docs: z.array(
    z.object({
      kind: z.enum(['receipt', 'notice']).describe('receipt 收据 / notice 缴费通知单'),
      no: z.string().describe('收据编号'),
      reprint: z.boolean().describe('补打'),
      date: z.string(),
      village: z.string(),
      house: z.string(),
      payer: z.string(),
      lines: z.array(z.object({ name: z.string(), period: z.string(), amount: z.string() })),
      total: z.string().describe('元，两位小数'),
      method: z.string(),
      order_num: z.string().describe('订单编号'),
      collector: z.string(),
      bill_ids: z.array(z.number().int()),
    }),
  ),
});

/** Receipts and payment notices of bills, their print record, and the company's receipt layout. */
export const receiptRoutes = async (app: FastifyInstance, { db }: ModuleDeps) => {
  serve(
    app,
    receiptApi.docs,
    {
      tags,
      summary: '打印收据 {ids}：已缴账单按收款生成收据（首次打印时编号），未缴账单按房屋生成缴费通知单',
      body: receiptIdsBody,
      reply: docsReply,
      access: BILL_VIEWERS,
      // numbering a receipt of a payment already taken: a read-only company still prints it
      writes: 'exempt',
    },
    async (body, req) => receiptDocs(db, callerOf(req), body.ids),
  );
  serve(
    app,
    receiptApi.printed,
    {
      tags,
      summary: '记录打印 {ids}：每张收据/通知单记一次，再次打印的收据标记补打',
      body: receiptIdsBody,
      reply: z.object({ printed: z.number().int() }),
      access: BILL_VIEWERS,
      writes: 'exempt',
    },
    async (body, req) => recordPrints(db, callerOf(req), body.ids),
  );
  serve(
    app,
    receiptApi.settings,
    {
      tags,
      summary: '收据设置：纸张版式、标题、页眉与页脚文字',
      body: noBody,
      reply: settingsReply,
      access: BILL_VIEWERS,
      writes: false,
    },
    async (_body, req) => receiptSettingsOf(db, callerOf(req).actor.tenantId!),
  );
  serve(
    app,
    receiptApi.saveSettings,
    {
      tags,
      summary: '保存收据设置 {layout, title, header, footer}',
      body: settingsBody,
      reply: settingsReply,
      access: { perm: 'RenewalList:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await saveReceiptSettings(db, callerOf(req), body), '保存成功'),
  );
};
