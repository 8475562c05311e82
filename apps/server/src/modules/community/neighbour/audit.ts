import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NeighbourMsg,
  type NeighbourAuditRow,
  type PersonalDynamics,
} from '@5a/contracts/endpoints/community-neighbour';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { scopeWhere } from '../../../core/engine/scope.ts';
import { fail, invalid, notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { rowsOf, splitPaths } from '../input.ts';
import { communityPosts } from '../schema-neighbour.ts';
import type { auditBody } from './inputs.ts';
import { maskPosters, neighbourResource } from './resource.ts';

/** the caller's post by id: another company's, or a village outside his scope, does not exist */
const mine = (caller: Caller, id: number) =>
  and(eq(communityPosts.id, id), scopeWhere(neighbourResource, caller, true));

/** 审核 dialog's detail: who posted, what, and why it waits. */
export const auditDetail = async (db: Db, caller: Caller, id: number): Promise<NeighbourAuditRow> => {
  const [p] = await db.select().from(communityPosts).where(mine(caller, id)).limit(1);
  if (!p) throw notFound();
  const [shown] = maskPosters({ db, caller }, [{ id: p.id, phone: p.phone }]);
  return {
    id: p.id,
    village_id: p.villageId,
    name: p.name,
    phone: String(shown!.phone),
    address: p.address,
    auditmsg: p.auditmsg,
    type: p.type,
    content: p.content,
    img: splitPaths(p.imgs),
    held_words: p.heldWords,
  };
};

/**
 * 审核: a post waiting for review is published (0) or rejected (2, with the reason the resident sees). A post
 * reviewed already stays as it is: a second click from another tab changes nothing.
 */
export const auditPost = async (db: Db, caller: Caller, body: z.output<typeof auditBody>) => {
  const where = mine(caller, body.id);
  const [p] = await db.select({ id: communityPosts.id, type: communityPosts.type }).from(communityPosts).where(where);
  if (!p) throw notFound();
  if (p.type !== 1) throw fail(NeighbourMsg.audited);
  const auditmsg = body.auditmsg?.trim() ?? '';
  if (body.type === 2 && !auditmsg) throw invalid(NeighbourMsg.auditmsg, 'auditmsg');
  await db
    .update(communityPosts)
    .set({
      type: body.type,
      auditmsg: body.type === 2 ? auditmsg : '',
      auditedBy: caller.actor.id,
      auditedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(where, eq(communityPosts.type, 1)));
  return { id: p.id, type: body.type };
};

type CommentRow = { id: number; name: string; content: string; created_at: string };

/** 个人动态: the post as its resident wrote it, with its likes and its comments (oldest first, as a thread reads). */
export const personalDynamics = async (db: Db, caller: Caller, id: number): Promise<PersonalDynamics> => {
  const [p] = await db
    .select({
      id: communityPosts.id,
      tenantId: communityPosts.tenantId,
      avatar: communityPosts.avatar,
      name: communityPosts.name,
      content: communityPosts.content,
      imgs: communityPosts.imgs,
    })
    .from(communityPosts)
    .where(mine(caller, id))
    .limit(1);
  if (!p) throw notFound();
  const [[loves], comments] = await Promise.all([
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from community_post_likes where post_id = ${p.id} and tenant_id = ${p.tenantId}`,
    ),
    rowsOf<CommentRow>(
      db,
      sql`select id, name, content, created_at from community_post_comments
        where post_id = ${p.id} and tenant_id = ${p.tenantId} order by id limit 500`,
    ),
  ]);
  return {
    info: { avatar: p.avatar, nickname: p.name, say: p.content, img: splitPaths(p.imgs) },
    loves: loves?.n ?? 0,
    Comment: comments.map((c) => ({
      id: c.id,
      name: c.name,
      content: c.content,
      create_time: formatTime(c.created_at),
    })),
  };
};
