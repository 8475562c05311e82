import { sql } from 'drizzle-orm';
import { NEIGHBOUR_STATES, neighbourApi } from '@5a/contracts/endpoints/community-neighbour';
import { qualified } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { phonesAsAllowed } from '../../estate/index.ts';
import { villageField } from '../../tenancy/index.ts';
import { communityPosts, communitySensitiveWords } from '../schema-neighbour.ts';

export const NEIGHBOUR_ROUTE = '/Web/Community/Neighbour/listConfig';
export const NEIGHBOUR_SENSITIVE = 'Neighbour:sensitive';

const listOnly = { add: false, edit: false, import: false, readonly: true } as const;
const written = () => {
  throw fail('邻里圈动态由住户发布，不能手工新增或修改');
};
const postId = qualified(communityPosts.id);
const postTenant = qualified(communityPosts.tenantId);

/** Phones masked without 查看敏感信息; with it, each view is logged like a resident's ('neighbour:phone'). */
export const maskPosters = phonesAsAllowed(NEIGHBOUR_SENSITIVE, 'neighbour:phone');

/**
 * 邻里圈: the residents' posts, newest first. A post that hit a sensitive word waits as 待审核 until staff approve
 * or reject it (审核); 个人动态 shows it as the resident wrote it with its likes and comments.
 */
export const neighbourResource: ResourceDef = defineResource({
  route: NEIGHBOUR_ROUTE,
  title: '邻里圈',
  name: 'Neighbour',
  menu: {
    app: 'web',
    group: 'community',
    title: '邻里圈',
    order: 3,
    buttons: ['edit', 'remove', 'export', 'sensitive'],
  },
  table: communityPosts,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['export', 'batchDelete'],
  rowActions: [
    { type: 'neighbourAudit', title: '审核', api: neighbourApi.audit, showRule: { key: 'type', val: 1 } },
    { type: 'personalDynamics', title: '个人动态', api: neighbourApi.dynamics },
    'delete',
  ],
  fields: [
    villageField({ required: false, ...listOnly }),
    { prop: 'name', label: '发布人', type: 'text', search: true, width: 100, ...listOnly },
    { prop: 'phone', label: '手机号', type: 'text', search: true, width: 120, ...listOnly },
    { prop: 'address', label: '地址', type: 'text', width: 160, ...listOnly },
    {
      prop: 'category_id',
      label: '分类',
      type: 'select',
      optionsUrl: '/Web/Community/Category/options',
      search: 'eq',
      width: 100,
      ...listOnly,
    },
    { prop: 'content', label: '内容', type: 'textarea', search: true, width: 220, ...listOnly },
    { prop: 'imgs', label: '图片', type: 'image', multiple: true, width: 100, export: false, ...listOnly },
    {
      prop: 'type',
      label: '审核状态',
      type: 'select',
      options: [...NEIGHBOUR_STATES],
      search: 'eq',
      width: 90,
      ...listOnly,
    },
    { prop: 'held_words', label: '命中敏感词', type: 'text', width: 110, ...listOnly },
    { prop: 'auditmsg', label: '驳回原因', type: 'text', width: 140, ...listOnly },
    {
      prop: 'loves',
      label: '点赞',
      type: 'number',
      computed: sql`(select count(*)::int from community_post_likes l where l.post_id = ${postId} and l.tenant_id = ${postTenant})`,
      width: 70,
      ...listOnly,
    },
    {
      prop: 'comments',
      label: '评论',
      type: 'number',
      computed: sql`(select count(*)::int from community_post_comments c where c.post_id = ${postId} and c.tenant_id = ${postTenant})`,
      width: 70,
      ...listOnly,
    },
    { prop: 'created_at', label: '发布时间', type: 'datetime', search: 'range', width: 160, ...listOnly },
  ],
  hooks: {
    beforeSave: written,
    beforeBatch: written,
    decorate: async (ctx, rows) => maskPosters(ctx, rows),
  },
});

/** 敏感词: a post containing one of the company's words waits for review instead of being published. */
export const sensitiveWordResource: ResourceDef = defineResource({
  route: '/Web/Community/SensitiveWord/listConfig',
  title: '敏感词',
  name: 'SensitiveWord',
  menu: { app: 'web', group: 'community', title: '敏感词', order: 6, buttons: ['add', 'edit', 'remove'] },
  table: communitySensitiveWords,
  ownership: 'tenant',
  order: [{ column: 'id', dir: 'desc' }],
  fields: [
    { prop: 'word', label: '敏感词', type: 'text', required: true, maxLength: 30, search: true, width: 200 },
    { prop: 'created_at', label: '添加时间', type: 'datetime', add: false, edit: false, import: false, width: 160 },
  ],
  hooks: {
    // one word once per company: a second copy would change nothing but the list
    beforeSave: async ({ db, caller }, values, existing) => {
      const word = String(values.word ?? existing?.word ?? '').trim();
      if (!word) throw invalid('请输入敏感词', 'word');
      const [dup] = (
        (await db.execute(
          sql`select id from community_sensitive_words where tenant_id = ${caller.actor.tenantId}
            and lower(word) = lower(${word}) and id <> ${Number(existing?.id ?? 0)} limit 1`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      if (dup) throw invalid('敏感词 已存在', 'word');
      return { ...values, word };
    },
  },
});
