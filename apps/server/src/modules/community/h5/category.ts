import { sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { rowsOf } from '../input.ts';
import { communityCategories } from '../schema-h5.ts';

export const CATEGORY_ROUTE = '/Web/Community/Category/listConfig';

/**
 * 分类管理: the company's categories of neighbourhood posts and ad slots, two levels (新增子类 under a top one),
 * each with its icon (uploaded like any document).
 */
export const categoryResource: ResourceDef = defineResource({
  route: CATEGORY_ROUTE,
  title: '分类',
  name: 'CommunityCategory',
  menu: { app: 'web', group: 'community', title: '分类管理', order: 7, buttons: ['add', 'edit', 'remove', 'drag'] },
  table: communityCategories,
  ownership: 'tenant',
  sort: { column: 'sort', titleProp: 'name' },
  tree: { parentColumn: 'parent_id' },
  rowActions: ['edit', { type: 'addClassChild', title: '新增子类', showRule: { key: 'parent_id', val: 0 } }, 'delete'],
  fields: [
    {
      prop: 'parent_id',
      label: '上级分类',
      type: 'treeSelect',
      treeUrl: '/Web/Community/Category/lazyTree',
      table: false,
      detail: false,
      export: false,
      import: false,
    },
    { prop: 'name', label: '分类名称', type: 'text', required: true, maxLength: 30, search: true, width: 160 },
    { prop: 'icon', label: '图标', type: 'image', maxSize: 524288, width: 70, export: false, import: false },
    { prop: 'sort', label: '排序', type: 'number', min: 0, max: 9999, defaultValue: 0, width: 80 },
  ],
  hooks: {
    // two levels: a child's parent is a top category of the same company, never itself
    beforeSave: async ({ db, caller }, values, existing) => {
      const parent = Number(values.parentId ?? existing?.parentId ?? 0);
      if (!parent) return { ...values, parentId: 0 };
      if (existing && Number(existing.id) === parent) throw invalid('上级分类 不能是自己', 'parent_id');
      const [p] = await rowsOf<{ parent_id: number }>(
        db,
        sql`select parent_id from community_categories where id = ${parent} and tenant_id = ${caller.actor.tenantId}`,
      );
      if (!p) throw invalid('上级分类 不存在', 'parent_id');
      if (p.parent_id !== 0) throw invalid('上级分类 只能是一级分类', 'parent_id');
      return values;
    },
  },
});
