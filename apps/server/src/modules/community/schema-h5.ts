import { index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/** The resident modules switched on for a village (a module without its row is off there). */
export const h5VillageModules = pgTable(
  'h5_village_modules',
  {
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    moduleId: smallint('module_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.villageId, t.moduleId, t.tenantId] }),
    index('h5_village_modules_tenant_idx').on(t.tenantId),
  ],
);

/** A company's categories of posts and advertisements: a tree of two levels (a category and its children). */
export const communityCategories = pgTable(
  'community_categories',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 30 }).notNull(),
    icon: varchar('icon', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), index('community_categories_tenant_idx').on(t.tenantId, t.parentId, t.sort)],
);
