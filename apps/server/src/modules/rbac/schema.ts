import { index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, operatorId, tenantId, updatedAt } from '../../core/db/columns.ts';

/** Menus and buttons are product data, shared by all tenants of an app type. */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    parentId: integer('parent_id').notNull().default(0),
    appType: varchar('app_type', { length: 10 }).$type<'sys' | 'operator' | 'web'>().notNull(),
    menuName: varchar('menu_name', { length: 64 }).notNull(),
    menuType: smallint('menu_type').notNull().default(1),
    visible: smallint('visible').notNull().default(1),
    icon: varchar('icon', { length: 64 }).notNull().default(''),
    url: varchar('url', { length: 255 }).notNull().default(''),
    isOpen: smallint('is_open').notNull().default(2),
    routeName: varchar('route_name', { length: 100 }).notNull().default(''),
    routePath: varchar('route_path', { length: 255 }).notNull().default(''),
    routeComponent: varchar('route_component', { length: 100 }).notNull().default(''),
    routeCache: smallint('route_cache').notNull().default(2),
    perms: varchar('perms', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** the declaration's stable key (`web:Building`, `web:group:basic`, `web:Building:add`); null for a menu a user made */
    menuKey: varchar('menu_key', { length: 100 }).unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_parent_idx').on(t.appType, t.parentId)],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull().default(''),
    dataScope: smallint('data_scope').notNull().default(1),
    villageIds: integer('village_ids').array().notNull().default([]),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    /** home-dashboard panels of the role's users (comma list of module names); a user's own list wins */
    indexModule: text('index_module').notNull().default(''),
    /** '' a role of its owner; 'web' / 'operator': a platform template copied into every new company / operator */
    template: varchar('template', { length: 10 }).$type<'' | 'web' | 'operator'>().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('roles_tenant_idx').on(t.tenantId, t.id)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** '<menuId>_add|_remove|_edit|_view|_export': what a role is granted per page (docs/conventions.md). */
export const roleResources = pgTable(
  'role_resources',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resourceId: varchar('resource_id', { length: 32 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
