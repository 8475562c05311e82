import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * 问卷调查: a questionnaire is published to one village for a period (start_time … end_time). status 0 草稿 /
 * 1 已发布; 已结束 is a published one whose period has ended, computed when read.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), index('questionnaires_tenant_idx').on(t.tenantId, t.villageId, t.id)],
);

/** A question: type 1 单选, 2 多选, 3 问答; sort orders the editor's list (the 排序 dialog writes it). */
export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    questionnaireId: integer('questionnaire_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    type: smallint('type').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [companyKey(t), index('questionnaire_questions_q_idx').on(t.questionnaireId, t.sort, t.id)],
);

/** A choice of a single or multiple choice question, shown in the order of seqs. */
export const questionnaireOptions = pgTable(
  'questionnaire_options',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    questionId: integer('question_id').notNull(),
    text: varchar('text', { length: 200 }).notNull(),
    seqs: integer('seqs').notNull().default(0),
  },
  (t) => [companyKey(t), index('questionnaire_options_question_idx').on(t.questionId, t.seqs, t.id)],
);

/**
 * A resident's answer to one question: the chosen options (single: one, multiple: one or more) or the text of a
 * 问答. A resident answers a questionnaire once, so one row per (questionnaire, question, resident).
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    questionnaireId: integer('questionnaire_id').notNull(),
    questionId: integer('question_id').notNull(),
    residentId: integer('resident_id').notNull(),
    optionIds: integer('option_ids').array().notNull().default([]),
    text: varchar('text', { length: 500 }).notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('questionnaire_answers_uq').on(t.questionnaireId, t.residentId, t.questionId, t.tenantId),
    index('questionnaire_answers_question_idx').on(t.questionId),
  ],
);
