import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { visitorQrcodes, visitors } from '../modules/visitor/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type VisitorSeedIds = { tenantA: number; villagesA: [number, number] };

/** [name, phone, type 1–6, days ago, state]: 0 待审核, 1 已通过 (valid today), 2 已拒绝, 3 已通过 but its day is over */
type VisitorSeed = [string, string, number, number, 0 | 1 | 2 | 3];
const seeds: VisitorSeed[] = [
  ['林晓', '13812340001', 1, 0, 0],
  ['陈立', '13812340002', 4, 0, 0],
  ['黄敏', '15912340003', 2, 0, 1],
  ['周杰', '18612340004', 3, 1, 2],
  ['吴芳', '13612340005', 5, 1, 3],
  ['郑浩', '17712340006', 6, 2, 3],
  ['孙丽', '13912340007', 2, 3, 2],
  ['马强', '15012340008', 4, 4, 3],
  ['朱琳', '18812340009', 1, 5, 0],
  ['胡斌', '13312340010', 3, 6, 3],
];

/**
 * Company A's visitor codes (one live code per village, made by the seed so the 访客二维码 dialog opens on it) and
 * visitors in every state over the last week, so 访客记录 and the figures by day show something at once.
 * Demo visitors carry no picture: nobody uploaded one.
 */
export const seedVisitors = async (tx: Tx, ids: VisitorSeedIds) => {
  const codes = await tx
    .insert(visitorQrcodes)
    .values(
      ids.villagesA.map((villageId) => ({
        tenantId: ids.tenantA,
        villageId,
        expiresAt: sql`date_trunc('second', now() + interval '365 days')`,
      })),
    )
    .returning({ id: visitorQrcodes.id, villageId: visitorQrcodes.villageId });
  const today = sql`((now() at time zone 'Asia/Shanghai')::date::timestamp at time zone 'Asia/Shanghai')`;
  await tx.insert(visitors).values(
    seeds.map(([name, phone, fklxidx, daysAgo, state], i) => {
      const code = codes[i % codes.length]!;
      // registered in the morning of its day; reviewed an hour later
      const at = sql`${today} - make_interval(days => ${daysAgo}) + interval '9 hours' + make_interval(mins => ${i * 7})`;
      const dayStart = sql`${today} - make_interval(days => ${daysAgo})`;
      const approved = state === 1 || state === 3;
      return {
        tenantId: ids.tenantA,
        villageId: code.villageId,
        qrcodeId: code.id,
        name,
        phone,
        fklxidx,
        avatar: '',
        status: state === 3 ? 1 : state,
        // 已通过 today holds until tonight; an older approval held its own day only, so it reads 已过期
        passStart: approved ? dayStart : null,
        passEnd: approved ? sql`${dayStart} + interval '1 day' - interval '1 second'` : null,
        reason: state === 2 ? '被访业主未确认' : '',
        reviewedAt: state === 0 ? null : sql`${at} + interval '1 hour'`,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
};
