import type { ResidentPost } from '@5a/contracts/endpoints/resident';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { fail, invalid, notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { joinPaths, parseInput, rowsOf, splitPaths } from '../input.ts';
import { communityPostComments, communityPostLikes, communityPosts } from '../schema-neighbour.ts';
import {
  commentInput,
  likeInput,
  listInput,
  postInput,
  residentInput,
  type CommentInput,
  type LikeInput,
  type ListInput,
  type PostInput,
  type ResidentRef,
} from './inputs.ts';
import { sensitiveWordsIn } from './words.ts';

type Resident = { id: number; tenant_id: number; village_id: number; name: string; tel: string; address: string };

/** The resident acting, of his company and approved; anyone else does not exist for the circle. */
const residentOf = async (db: Db, ref: ResidentRef): Promise<Resident> => {
  const r = parseInput(residentInput, ref);
  const [p] = await rowsOf<Resident>(
    db,
    sql`select p.id, p.tenant_id, p.village_id, p.name, p.tel,
        coalesce(nullif(p.address, ''), b.name || h.unit_name || h.name, '') as address
      from gate_persons p left join houses h on h.id = p.house_id left join buildings b on b.id = h.building_id
      where p.id = ${r.personId} and p.tenant_id = ${r.tenantId} limit 1`,
  );
  if (!p) throw notFound();
  return p;
};

/** A post the resident may like or comment on: an approved one of his village. */
const visiblePost = async (db: Db, who: Resident, postId: number) => {
  const [p] = await rowsOf<{ id: number }>(
    db,
    sql`select id from community_posts where id = ${postId} and tenant_id = ${who.tenant_id}
      and village_id = ${who.village_id} and type = 0 limit 1`,
  );
  if (!p) throw notFound();
  return p;
};

export type CreatedPost = { id: number; type: number; held_words: string };

/**
 * A resident's post: published at once, or held for review (待审核) when it contains one of the company's sensitive
 * words, which the row keeps so the reviewer sees why.
 */
export const createPost = async (db: Db, ref: ResidentRef, input: PostInput): Promise<CreatedPost> => {
  const v = parseInput(postInput, input);
  const who = await residentOf(db, ref);
  if (v.category_id !== undefined) {
    const [c] = await rowsOf<{ id: number }>(
      db,
      sql`select id from community_categories where id = ${v.category_id} and tenant_id = ${who.tenant_id} limit 1`,
    );
    if (!c) throw invalid('分类 不存在', 'category_id');
  }
  const held = await sensitiveWordsIn(db, who.tenant_id, v.content);
  const [row] = await db
    .insert(communityPosts)
    .values({
      tenantId: who.tenant_id,
      villageId: who.village_id,
      personId: who.id,
      categoryId: v.category_id ?? null,
      name: who.name,
      phone: who.tel,
      address: who.address.slice(0, 255),
      content: v.content,
      imgs: joinPaths(v.imgs),
      type: held.length ? 1 : 0,
      heldWords: held.join(',').slice(0, 200),
    })
    .returning({ id: communityPosts.id, type: communityPosts.type, heldWords: communityPosts.heldWords });
  return { id: row!.id, type: row!.type, held_words: row!.heldWords };
};

/** 点赞 (like false: 取消点赞); answers the post's likes after it. */
export const likePost = async (db: Db, ref: ResidentRef, input: LikeInput): Promise<{ loves: number }> => {
  const v = parseInput(likeInput, input);
  const who = await residentOf(db, ref);
  await visiblePost(db, who, v.post_id);
  if (v.like)
    await db
      .insert(communityPostLikes)
      .values({ postId: v.post_id, personId: who.id, tenantId: who.tenant_id })
      .onConflictDoNothing();
  else
    await db.execute(sql`delete from ${communityPostLikes}
      where post_id = ${v.post_id} and tenant_id = ${who.tenant_id} and person_id = ${who.id}`);
  const [n] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from community_post_likes where post_id = ${v.post_id} and tenant_id = ${who.tenant_id}`,
  );
  return { loves: n?.n ?? 0 };
};

/** A comment under an approved post of his village; one with a sensitive word is refused, naming the word. */
export const commentPost = async (db: Db, ref: ResidentRef, input: CommentInput): Promise<{ id: number }> => {
  const v = parseInput(commentInput, input);
  const who = await residentOf(db, ref);
  await visiblePost(db, who, v.post_id);
  const held = await sensitiveWordsIn(db, who.tenant_id, v.content);
  if (held.length) throw invalid(`评论内容 含有敏感词：${held.join('、')}`, 'content');
  const [row] = await db
    .insert(communityPostComments)
    .values({ tenantId: who.tenant_id, postId: v.post_id, personId: who.id, name: who.name, content: v.content })
    .returning({ id: communityPostComments.id });
  if (!row) throw fail('评论失败');
  return { id: row.id };
};

/** a post as the resident's feed shows it (the phone page's contract) */
export type FeedPost = ResidentPost;

type FeedRow = Omit<FeedPost, 'img' | 'create_time' | 'liked' | 'mine'> & {
  imgs: string;
  created_at: string;
  liked: boolean;
  person_id: number;
};

/** The resident's circle: his village's approved posts and his own in any state, newest first, by pages of ids. */
export const listPosts = async (db: Db, ref: ResidentRef, input: ListInput = {}): Promise<FeedPost[]> => {
  const v = parseInput(listInput, input);
  const who = await residentOf(db, ref);
  const rows = await rowsOf<FeedRow>(
    db,
    sql`select p.id, p.name, p.avatar, p.content, p.imgs, p.type, p.auditmsg, p.created_at, p.person_id,
        (select count(*)::int from community_post_likes l where l.post_id = p.id and l.tenant_id = p.tenant_id) as loves,
        (select count(*)::int from community_post_comments c where c.post_id = p.id and c.tenant_id = p.tenant_id) as comments,
        exists (select 1 from community_post_likes l where l.post_id = p.id and l.tenant_id = p.tenant_id and l.person_id = ${who.id}) as liked
      from community_posts p
      where p.tenant_id = ${who.tenant_id} and p.village_id = ${who.village_id}
        and (p.type = 0 or p.person_id = ${who.id}) ${v.after ? sql`and p.id < ${v.after}` : sql``}
      order by p.id desc limit ${v.size}`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    avatar: r.avatar,
    content: r.content,
    img: splitPaths(r.imgs),
    type: r.type,
    auditmsg: r.auditmsg,
    create_time: formatTime(r.created_at),
    loves: r.loves,
    comments: r.comments,
    liked: r.liked,
    mine: r.person_id === who.id,
  }));
};
