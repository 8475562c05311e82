import { integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../core/db/columns.ts';

/** A village without a row compares faces against this: a match below it is reported as a stranger. */
export const DEFAULT_FACE_THRESHOLD = 80;

/**
 * 门禁设置 of a village: face_threshold is the similarity (percent) a face terminal's match must reach; a passage
 * below it raises a face-comparison alert. One row per village, written by the 识别阈值 dialog.
 */
export const accessVillageSettings = pgTable(
  'access_village_settings',
  {
    villageId: integer('village_id').notNull(),
    tenantId: integer('tenant_id').notNull(),
    faceThreshold: smallint('face_threshold').notNull().default(DEFAULT_FACE_THRESHOLD),
    updatedBy: varchar('updated_by', { length: 50 }).notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.villageId, t.tenantId] })],
);
