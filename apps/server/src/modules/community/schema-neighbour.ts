import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';

/**
 * 邻里圈: a resident's post (text and pictures) in his village. `type` is its review state as the audit dialog sends
 * it: 0 已通过, 1 待审核 (a post that hit a sensitive word waits here), 2 已驳回 (auditmsg says why). Name, phone and
 * address are the poster's as they were when he posted, so the queue reads one table.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    /** the resident (gate_persons.id) who posted */
    personId: integer('person_id').notNull(),
    categoryId: integer('category_id'),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    avatar: varchar('avatar', { length: 255 }).notNull().default(''),
    content: text('content').notNull(),
    /** picture paths, comma-joined */
    imgs: text('imgs').notNull().default(''),
    type: smallint('type').notNull().default(0),
    auditmsg: varchar('auditmsg', { length: 200 }).notNull().default(''),
    /** the sensitive words that held the post for review, comma-joined */
    heldWords: varchar('held_words', { length: 200 }).notNull().default(''),
    auditedBy: integer('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('community_posts_tenant_idx').on(t.tenantId, t.villageId, t.id),
    // a resident's feed: his village's approved posts, newest first
    index('community_posts_feed_idx').on(t.villageId, t.type, t.id),
    index('community_posts_person_idx').on(t.personId, t.id),
  ],
);

/** One resident's like of a post: at most one per post and resident. */
export const communityPostLikes = pgTable(
  'community_post_likes',
  {
    postId: integer('post_id').notNull(),
    personId: integer('person_id').notNull(),
    tenantId: integer('tenant_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    companyRef('community_post_likes_post_fk', { column: t.postId, tenantId: t.tenantId }, communityPosts).onDelete(
      'cascade',
    ),
    primaryKey({ columns: [t.postId, t.personId, t.tenantId] }),
  ],
);

/** A resident's comment under a post (the name as it was when he wrote it). */
export const communityPostComments = pgTable(
  'community_post_comments',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    postId: integer('post_id').notNull(),
    personId: integer('person_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('community_post_comments_post_fk', { column: t.postId, tenantId: t.tenantId }, communityPosts).onDelete(
      'cascade',
    ),
    index('community_post_comments_post_idx').on(t.postId, t.id),
  ],
);

/** A company's sensitive words: a post containing one waits for review instead of being published. */
export const communitySensitiveWords = pgTable(
  'community_sensitive_words',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    word: varchar('word', { length: 30 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), uniqueIndex('community_sensitive_words_uq').on(t.tenantId, t.word)],
);
