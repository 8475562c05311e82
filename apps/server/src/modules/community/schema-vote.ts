import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * 社区投票. vote_type: 1 投票（每户一票）, 2 投票（每人一票）, 3 业主大会表决（一般事项）, 4 业主大会表决（重大事项）.
 * state: 1 待审核, 2 已驳回, 3 投票中, 4 已结束. Approval publishes it (a resolution's roll is frozen then);
 * the close job ends it at etime. test is the reviewer's note.
 */
export const votes = pgTable(
  'votes',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    img: varchar('img', { length: 255 }).notNull().default(''),
    voteType: smallint('vote_type').notNull().default(1),
    state: smallint('state').notNull().default(1),
    test: varchar('test', { length: 200 }).notNull().default(''),
    etime: timestamp('etime', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('votes_tenant_idx').on(t.tenantId, t.villageId, t.id),
    // the close job looks for open votes past their end
    index('votes_open_idx')
      .on(t.etime)
      .where(sql`${t.state} = 3`),
  ],
);

/** A vote's options; agree 1 marks a resolution's 同意 (the tally's yes). */
export const voteOptions = pgTable(
  'vote_options',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    voteId: integer('vote_id').notNull(),
    text: varchar('text', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    agree: smallint('agree').notNull().default(0),
  },
  (t) => [companyKey(t), index('vote_options_vote_idx').on(t.voteId, t.sort, t.id)],
);

/**
 * A resolution's roll, frozen when it is published: each unit with its exclusive area (hundredths of m², the
 * house's recorded area) and the key of the owner it counts for — the same key for all units of one owner, and
 * 'dev' for every unit with no approved owner (the developer's unsold or undelivered units count as one owner).
 */
export const voteRoll = pgTable(
  'vote_roll',
  {
    tenantId: integer('tenant_id').notNull(),
    voteId: integer('vote_id').notNull(),
    houseId: integer('house_id').notNull(),
    ownerKey: varchar('owner_key', { length: 40 }).notNull(),
    areaCenti: bigint('area_centi', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.voteId, t.houseId, t.tenantId] }),
    index('vote_roll_owner_idx').on(t.voteId, t.ownerKey),
  ],
);

/**
 * Ballots, kept whole: a changed vote supersedes the voter's earlier ballot (superseded_at) and adds a new one,
 * so the record shows every change; only the current one (superseded_at null) counts. voter_key is the household
 * ('h'+house), the resident ('r'+id) or, for a resolution, the roll's owner key. resident_id is whom the ballot
 * is for; cast_by who cast it (a recorded proxy when they differ). A written ballot staff enter (书面表决: an owner's
 * paper vote, or the developer's for its unsold units, whose resident_id and cast_by are 0) names the staff user in
 * recorded_by and what the paper said in remark.
 */
export const voteBallots = pgTable(
  'vote_ballots',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    voteId: integer('vote_id').notNull(),
    voterKey: varchar('voter_key', { length: 40 }).notNull(),
    optionId: integer('option_id').notNull(),
    residentId: integer('resident_id').notNull(),
    castBy: integer('cast_by').notNull(),
    recordedBy: integer('recorded_by'),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('vote_ballots_current_uq')
      .on(t.voteId, t.voterKey, t.tenantId)
      .where(sql`${t.supersededAt} is null`),
    index('vote_ballots_option_idx').on(t.voteId, t.optionId),
  ],
);

/** An owner's entrustment of another resident to vote for him in one vote. */
export const voteProxies = pgTable(
  'vote_proxies',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    voteId: integer('vote_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    proxyId: integer('proxy_id').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [companyKey(t), uniqueIndex('vote_proxies_owner_uq').on(t.voteId, t.ownerId, t.tenantId)],
);
