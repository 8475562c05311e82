import { inArray, sql } from 'drizzle-orm';
import { defineResource } from '../../core/engine/registry.ts';
import { forbidden, invalid } from '../../core/errors.ts';
import { tenants } from '../tenancy/index.ts';
import { platformNotices } from './schema.ts';
import { noticeAudienceWhere, readNoticeIds } from './service.ts';

export const NOTICE_BASE = '/Web/Basic/PlatformInformation';

const idList = (v: unknown): number[] =>
  (Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : [])
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * 平台公告: the platform writes (sys app: add, edit, delete), property companies read what is
 * addressed to them (web app: view). A company's users never see another company's notice.
 */
export const platformInformationResource = defineResource({
  route: `${NOTICE_BASE}/listConfig`,
  title: '平台公告',
  name: 'PlatformInformation',
  menu: [
    { app: 'web', group: 'basic', order: 6, buttons: ['view'], component: 'PlatformInformation' },
    { app: 'sys', group: 'system', order: 9, buttons: ['add', 'edit', 'remove'], component: 'PlatformInformation' },
  ],
  table: platformNotices,
  ownership: 'global',
  order: [
    { column: 'published_at', dir: 'desc' },
    { column: 'id', dir: 'desc' },
  ],
  rowActions: ['detail', 'edit', 'delete'],
  labelProp: 'title',
  fields: [
    { prop: 'title', label: '公告标题', type: 'text', required: true, maxLength: 100, search: true, width: 260 },
    {
      prop: 'content',
      label: '公告内容',
      type: 'richText',
      required: true,
      maxLength: 20000,
      table: false,
      export: false,
      import: false,
    },
    {
      prop: 'audience',
      label: '发布范围',
      type: 'radio',
      options: [
        { label: '全部物业公司', value: 1 },
        { label: '指定物业公司', value: 2 },
      ],
      defaultValue: 1,
      width: 120,
      import: false,
    },
    {
      prop: 'tenant_ids',
      label: '物业公司',
      type: 'select',
      multiple: true,
      optionsUrl: `${NOTICE_BASE}/tenantOptions`,
      table: false,
      detail: false,
      export: false,
      import: false,
    },
    { prop: 'published', label: '发布', type: 'switch', defaultValue: 1, width: 80, import: false },
    {
      prop: 'published_at',
      label: '发布时间',
      type: 'datetime',
      readonly: true,
      width: 170,
      import: false,
      search: 'range',
    },
    { prop: 'author_name', label: '发布人', type: 'text', readonly: true, width: 100, import: false },
    {
      prop: 'is_read',
      label: '阅读状态',
      type: 'select',
      options: [
        { label: '已读', value: 1 },
        { label: '未读', value: 2 },
      ],
      // per user: the page's read marks fill it in (decorate)
      computed: sql`2`,
      width: 90,
      export: false,
      import: false,
    },
  ],
  hooks: {
    scope: (caller) => noticeAudienceWhere(caller.actor),
    beforeSave: async ({ db, actor }, values, existing) => {
      // the web app's menu grants no writing; this keeps it so whatever a role is given
      if (actor.kind !== 'sys') throw forbidden();
      const audience = Number(values.audience ?? existing?.audience ?? 1);
      if (audience === 2) {
        const ids = idList(values.tenantIds ?? existing?.tenantIds);
        if (!ids.length) throw invalid('请选择物业公司', 'tenant_ids');
        const found = await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids));
        if (found.length !== new Set(ids).size) throw invalid('物业公司不存在', 'tenant_ids');
        values.tenantIds = [...new Set(ids)];
      } else values.tenantIds = [];
      const published = Number(values.published ?? existing?.published ?? 2) === 1;
      if (published && !existing?.publishedAt) values.publishedAt = new Date();
      if (!published) values.publishedAt = null;
      if (!existing) {
        values.authorId = actor.id;
        values.authorName = actor.name || actor.userName;
      }
      return values;
    },
    decorate: async ({ db, actor }, rows) => {
      const read = await readNoticeIds(
        db as Parameters<typeof readNoticeIds>[0],
        actor.id,
        rows.map((r) => Number(r.id)),
      );
      return rows.map((r) => ({ ...r, is_read: actor.kind === 'web' ? (read.has(Number(r.id)) ? 1 : 2) : null }));
    },
  },
});
