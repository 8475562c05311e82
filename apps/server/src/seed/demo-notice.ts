import { inArray } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { formatTime } from '../core/time.ts';
import { users } from '../modules/auth/schema.ts';
import { abnormalAlerts, abnormalReads, noticeReads, platformNotices } from '../modules/notice/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type NoticeSeedIds = { tenantA: number; tenantB: number; villagesA: [number, number]; villageB: number };

/** A small portrait as an SVG data address: the demo's face pictures need no file storage. */
const portrait = (skin: string, hair: string, shirt: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" fill="#e8eef5"/><rect x="22" y="88" width="76" height="40" rx="30" fill="${shirt}"/><circle cx="60" cy="56" r="28" fill="${skin}"/><path d="M32 50 Q34 22 60 24 Q88 22 88 50 Q78 36 60 38 Q42 36 32 50Z" fill="${hair}"/><circle cx="50" cy="58" r="3" fill="#333"/><circle cx="70" cy="58" r="3" fill="#333"/><path d="M52 70 Q60 76 68 70" stroke="#a55" stroke-width="2" fill="none"/></svg>`,
  ).toString('base64')}`;

const daysAgo = (d: number, h = 9) => new Date(Date.now() - d * 86_400_000 - h * 3_600_000);

/**
 * Platform announcements (to every company, to company A only, one draft), read marks of the
 * property user, and abnormal alerts of several types for both companies, one of them a face
 * comparison with pictures, so the notice list, the header and the alert dialog show something.
 */
export const seedNotices = async (tx: Tx, ids: NoticeSeedIds) => {
  const [a1, a2] = ids.villagesA;
  const people = await tx
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.userName, ['admin', 'property', 'staff']));
  const idOf = (n: string) => people.find((p) => p.userName === n)?.id ?? null;
  const admin = idOf('admin');
  const notices = await tx
    .insert(platformNotices)
    .values([
      {
        title: '关于系统升级维护的通知',
        content:
          '<p>各物业公司：平台将于本周六 <strong>02:00–04:00</strong> 进行系统升级维护，期间部分功能暂停使用，请提前做好安排。</p>',
        audience: 1,
        published: 1,
        publishedAt: daysAgo(6),
        authorId: admin,
        authorName: '平台管理员',
      },
      {
        title: '新版报修管理功能上线',
        content:
          '<p>报修管理新增<strong>工单时限</strong>与超时告警，超时工单将推送到工作台与异常告警。</p><ul><li>派单可指定完成时限</li><li>回访支持评分</li></ul>',
        audience: 1,
        published: 1,
        publishedAt: daysAgo(2),
        authorId: admin,
        authorName: '平台管理员',
      },
      {
        title: '阳光物业服务续费提醒',
        content: '<p>贵公司的平台服务将于年底到期，请在“服务续费”中及时续费，以免影响使用。</p>',
        audience: 2,
        tenantIds: [ids.tenantA],
        published: 1,
        publishedAt: daysAgo(1),
        authorId: admin,
        authorName: '平台管理员',
      },
      {
        title: '安居物业数据迁移说明',
        content: '<p>贵公司历史数据迁移已完成，如发现数据异常请联系平台客服。</p>',
        audience: 2,
        tenantIds: [ids.tenantB],
        published: 1,
        publishedAt: daysAgo(3),
        authorId: admin,
        authorName: '平台管理员',
      },
      {
        title: '春节假期安排（草稿）',
        content: '<p>待定</p>',
        audience: 1,
        published: 2,
        authorId: admin,
        authorName: '平台管理员',
      },
    ])
    .returning({ id: platformNotices.id });
  const property = idOf('property');
  // the property user has read the oldest one; the newer ones wait for him in the header
  if (property) await tx.insert(noticeReads).values({ noticeId: notices[0]!.id, userId: property, readAt: daysAgo(5) });

  const faceAt = daysAgo(0, 2);
  const face = {
    face_url: portrait('#f1c7a3', '#2b2b2b', '#4a6fa5'),
    face_time: formatTime(new Date(faceAt.getTime() - 60_000)),
    similarity: 0.9532,
    face_pic_url: portrait('#eebc94', '#1f1f1f', '#6b8e23'),
    face_info_name: '王建国',
  };
  const alerts = await tx
    .insert(abnormalAlerts)
    .values([
      {
        tenantId: ids.tenantA,
        villageId: a1,
        type: 1,
        title: '人脸比对告警：布控人员出现',
        originalContent: JSON.stringify(face),
        source: 'demo',
        sourceId: 'face-1',
        createdAt: faceAt,
      },
      {
        tenantId: ids.tenantA,
        villageId: a1,
        type: 2,
        title: '工单超时：3 号楼电梯异响',
        originalContent: '工单已超过完成时限 6 小时，请尽快处理',
        source: 'demo',
        sourceId: 'overdue-1',
        createdAt: daysAgo(1, 3),
      },
      {
        tenantId: ids.tenantA,
        villageId: a2,
        type: 2,
        title: '工单超时：东门门禁无法刷卡',
        originalContent: '工单已超过响应时限 2 小时，尚未接单',
        source: 'demo',
        sourceId: 'overdue-2',
        createdAt: daysAgo(2, 5),
      },
      {
        tenantId: ids.tenantA,
        villageId: a2,
        type: 3,
        title: '在线缴费支付失败',
        originalContent: '订单 DEMO202605010001 支付失败，金额 ¥268.00',
        source: 'demo',
        sourceId: 'pay-1',
        createdAt: daysAgo(3, 1),
      },
      {
        tenantId: ids.tenantB,
        villageId: ids.villageB,
        type: 3,
        title: '在线缴费支付失败',
        originalContent: '订单 DEMO202605010002 支付失败，金额 ¥120.00',
        source: 'demo',
        sourceId: 'pay-2',
        createdAt: daysAgo(1, 6),
      },
    ])
    .returning({ id: abnormalAlerts.id, tenantId: abnormalAlerts.tenantId });
  // one the property user has already opened
  if (property)
    await tx
      .insert(abnormalReads)
      .values({ tenantId: alerts[3]!.tenantId, alertId: alerts[3]!.id, userId: property, readAt: daysAgo(2) });
};
