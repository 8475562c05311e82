import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { advertApi } from '@5a/contracts/endpoints/community-advert';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { onBillsPaid } from '../../fees/index.ts';
import { lendAdvertFigures } from '../../operator/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { bookBody, bookSlot, stampPaidBookings } from './book.ts';
import { advertFigures } from './figures.ts';
import { advertBookingResource, advertResource } from './resource.ts';

export const advertScreens = [advertResource, advertBookingResource];

/** 广告管理: booking a slot (billed through fees), the paid stamp, and the figures the operator's screens show. */
export const registerAdvertRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps): void => {
  onBillsPaid(registry, stampPaidBookings);
  lendAdvertFigures(registry, advertFigures);
  serve(
    app,
    advertApi.book,
    {
      tags: ['广告管理'],
      summary: '预订广告位 {id, advertiser, contact?, phone?, house_id, start_date, months} → 订单与账单',
      body: bookBody,
      reply: z.object({
        id: z.number().int(),
        bill_id: z.number().int(),
        amount: z.number(),
        start_date: z.string(),
        end_date: z.string(),
      }),
      access: { perm: 'Advert:edit' },
      writes: true,
    },
    async (body, req) => {
      const r = await bookSlot(db, callerOf(req), body);
      return withMsg(r, `预订成功，账单 ¥${r.amount.toFixed(2)} 已生成`);
    },
  );
};
