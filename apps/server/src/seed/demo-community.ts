import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CommunitySeedIds = { tenantA: number; villagesA: [number, number] };

/** [content, pictures, state 0 已通过 / 1 待审核 / 2 已驳回, held words, reject reason, likes, comments] */
type PostSeed = [string, string, 0 | 1 | 2, string, string, number, string[]];
const posts: PostSeed[] = [
  ['小区的樱花开了，周末带孩子下楼走走吧', '', 0, '', '', 3, ['真漂亮！', '周六一起去']],
  ['闲置婴儿车一辆，九成新，有需要的邻居联系我', '', 0, '', '', 2, ['还在吗？']],
  ['谁家的快递放错了，在3栋门口', '', 0, '', '', 1, []],
  ['专业代开发票，价格优惠', '', 1, '代开发票', '', 0, []],
  ['周末打牌赌博三缺一', '', 1, '赌博', '', 0, []],
  ['低价出售会员卡，加微信', '', 2, '', '含广告推广信息', 0, []],
];

/**
 * A company's neighbourhood circle (approved posts with likes and comments, posts held by its sensitive words, a
 * rejected one), its categories, ad slots in each state with their bookings, and the resident modules switched on
 * for both villages (the second without 社区投票). Demo bookings were paid before the system: they carry no bill.
 */
export const seedCommunity = async (tx: Tx, ids: CommunitySeedIds) => {
  const [v1, v2] = ids.villagesA;
  const t = ids.tenantA;
  await tx.execute(sql`insert into community_categories (tenant_id, parent_id, name, sort)
    values (${t}, 0, '生活分享', 1), (${t}, 0, '闲置交换', 2), (${t}, 0, '户外广告', 3), (${t}, 0, '电梯广告', 4)`);
  await tx.execute(sql`insert into community_categories (tenant_id, parent_id, name, sort)
    select ${t}, id, '亲子活动', 1 from community_categories where tenant_id = ${t} and name = '生活分享'`);
  await tx.execute(sql`insert into community_sensitive_words (tenant_id, word)
    values (${t}, '代开发票'), (${t}, '赌博'), (${t}, '高利贷')`);
  // the posters are the first residents of the first village, one post each, oldest first
  const rows = posts.map(
    ([content, imgs, state, held, msg], i) => sql`(${i + 1}, ${content}, ${imgs}, ${state}, ${held}, ${msg})`,
  );
  await tx.execute(sql`with seeds (n, content, imgs, type, held_words, auditmsg) as (values ${sql.join(rows, sql`, `)}),
      people as (select p.id, p.name, p.tel, p.village_id, coalesce(b.name || h.unit_name || h.name, '') as address,
        row_number() over (order by p.id) as n
        from gate_persons p left join houses h on h.id = p.house_id left join buildings b on b.id = h.building_id
        where p.tenant_id = ${t} and p.village_id = ${v1})
    insert into community_posts (tenant_id, village_id, person_id, category_id, name, phone, address, content, imgs,
      type, held_words, auditmsg, audited_at, created_at, updated_at)
    select ${t}, pe.village_id, pe.id,
      (select id from community_categories where tenant_id = ${t} and name = '生活分享'),
      pe.name, pe.tel, pe.address, s.content, s.imgs, s.type::smallint, s.held_words, s.auditmsg,
      case when s.type::int = 1 then null else now() - make_interval(hours => 7 - s.n::int) end,
      now() - make_interval(hours => 8 - s.n::int), now() - make_interval(hours => 8 - s.n::int)
    from seeds s join people pe on pe.n = ((s.n::int - 1) % 3) + 1 order by s.n::int`);
  const likes = posts.flatMap(([content, , , , , n]) =>
    Array.from({ length: n }, (_, k) => sql`(${content}, ${k + 1})`),
  );
  await tx.execute(sql`with l (content, k) as (values ${sql.join(likes, sql`, `)}),
      people as (select id, row_number() over (order by id) as k from gate_persons where tenant_id = ${t} and village_id = ${v1})
    insert into community_post_likes (post_id, person_id, tenant_id)
    select p.id, pe.id, ${t} from l join community_posts p on p.tenant_id = ${t} and p.content = l.content
      join people pe on pe.k = l.k::int`);
  const comments = posts.flatMap(([content, , , , , , cs]) => cs.map((c, k) => sql`(${content}, ${c}, ${k + 2})`));
  await tx.execute(sql`with c (content, text, k) as (values ${sql.join(comments, sql`, `)}),
      people as (select id, name, row_number() over (order by id) as k from gate_persons where tenant_id = ${t} and village_id = ${v1})
    insert into community_post_comments (tenant_id, post_id, person_id, name, content)
    select ${t}, p.id, pe.id, pe.name, c.text from c join community_posts p on p.tenant_id = ${t} and p.content = c.content
      join people pe on pe.k = c.k::int order by p.id, c.k::int`);

  // slots: [village, name, place, size, price fen, booking start offset days, months] — no booking: free
  await tx.execute(sql`with s (village_id, name, place, size, price, cat) as (values
      (${v1}::int, '东门灯箱', '东门入口左侧', '2m×1m', 80000::bigint, '户外广告'),
      (${v1}::int, '1栋电梯广告', '1栋1单元电梯轿厢', '60cm×40cm', 30000::bigint, '电梯广告'),
      (${v1}::int, '北门展板', '北门岗亭旁', '3m×2m', 120000::bigint, '户外广告'),
      (${v2}::int, '南门道闸广告', '南门车辆出入口道闸', '2.4m×0.3m', 50000::bigint, '户外广告'),
      (${v2}::int, '2栋电梯广告', '2栋电梯厅', '60cm×40cm', 25000::bigint, '电梯广告'))
    insert into advert_slots (tenant_id, village_id, category_id, name, place, size, price)
    select ${t}, s.village_id, c.id, s.name, s.place, s.size, s.price from s
      left join community_categories c on c.tenant_id = ${t} and c.name = s.cat`);
  // 东门灯箱 let for half a year, the lift of 1栋 ending in 10 days, 南门道闸 let for a year; the rest free
  await tx.execute(sql`with today as (select (now() at time zone 'Asia/Shanghai')::date as d),
      b (slot, advertiser, contact, phone, start_off, months) as (values
        ('东门灯箱', '鲜丰水果连锁', '王经理', '13900001111', -30, 6),
        ('1栋电梯广告', '优学教育', '李老师', '13900002222', -80, 3),
        ('南门道闸广告', '安心家政服务', '赵女士', '13900003333', -10, 12))
    insert into advert_bookings (tenant_id, village_id, slot_id, advertiser, contact, phone, house_id, start_date, end_date,
      months, amount, paid_at)
    select ${t}, s.village_id, s.id, b.advertiser, b.contact, b.phone,
      (select h.id from houses h where h.village_id = s.village_id order by h.id limit 1),
      st.d, (st.d + make_interval(months => b.months::int))::date - 1, b.months::int, s.price * b.months::int, now()
    from b join advert_slots s on s.tenant_id = ${t} and s.name = b.slot, today,
      lateral (select case when b.slot = '1栋电梯广告'
        then ((today.d + 11) - make_interval(months => b.months::int))::date
        else (today.d + b.start_off::int)::date end as d) st`);
  // every module on in both villages, except 社区投票 in the second (a company of one village passes it twice: all on)
  await tx.execute(sql`insert into h5_village_modules (tenant_id, village_id, module_id)
    select distinct ${t}::int, v, m from unnest(${`{${v1},${v2}}`}::int[]) v, generate_series(1, 5) m
    where not (v = ${v2} and ${v1}::int <> ${v2}::int and m = 2)`);
};
