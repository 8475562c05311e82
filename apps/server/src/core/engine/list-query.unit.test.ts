import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { posts } from '../../modules/system/schema.ts';
import { compileSelect, pageSql } from './list-query.ts';
import type { ResourceDef } from './types.ts';

const dialect = new PgDialect();
const def = {
  name: 'PostTest',
  title: '岗位',
  table: posts,
  ownership: 'tenant',
  fields: [
    { prop: 'name', label: '名称', type: 'text' },
    { prop: 'label', label: '标签', type: 'text', computed: sql`${posts.name} || ${'·'} || ${posts.code}` },
    { prop: 'created_at', label: '创建时间', type: 'datetime' },
  ],
} as unknown as ResourceDef;
const selection = {
  id: posts.id,
  name: posts.name,
  createdAt: posts.createdAt,
  label: def.fields[1]!.computed!.as('label'),
};
const c = compileSelect(def, posts.id, selection);
const where = and(eq(posts.tenantId, 7), eq(posts.status, 1));

describe('compiled list query', () => {
  it('keeps a computed field with a bound value as a parameter, numbered with the where clause after it', () => {
    const q = dialect.sqlToQuery(pageSql(c, { where, order: sql.raw('"posts"."id" desc'), size: 10, offset: 0 }));
    expect(q.sql).toContain('("posts"."name" || $1 || "posts"."code") as "c__label"');
    expect(q.sql).toMatch(
      /where \("posts"\."tenant_id" = \$2 and "posts"\."status" = \$3\) order by "posts"\."id" desc limit \$4$/,
    );
    expect(q.params).toEqual(['·', 7, 1, 10]);
  });

  it('formats timestamps in the database as the API shows them', () => {
    const q = dialect.sqlToQuery(pageSql(c, { where, order: sql.raw('"posts"."id" desc'), size: 10, offset: 0 }));
    expect(q.sql).toContain(`to_char("posts"."created_at" at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`);
  });

  it('reads a deep page by its ids first, and carries an extra column', () => {
    const q = dialect.sqlToQuery(
      pageSql(c, { where, order: sql.raw('"posts"."id" desc'), size: 10, offset: 990, extra: sql`(select 1)` }),
    );
    expect(q.sql).toMatch(
      /, \(select 1\) as "__extra" from "posts" where "posts"\."id" in \(select "posts"\."id" from "posts" where .* limit \$\d offset \$\d\) order by "posts"\."id" desc$/,
    );
    expect(q.params.slice(-2)).toEqual([10, 990]);
  });

  it('turns a driver row into the API row: props, money and time text as they are', () => {
    const row = c.toRow({ id: 5, name: '保安', t__createdAt: '2026-11-22 10:00:00', c__label: '保安·guard' });
    expect(row).toEqual({
      id: 5,
      name: '保安',
      label: '保安·guard',
      created_at: '2026-11-22 10:00:00',
      tenant_id: undefined,
    });
  });
});
