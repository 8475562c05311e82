import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { modules } from '../../modules/index.ts';
import { auditInsert } from '../../modules/system/audit.ts';
import { auditDiff } from './audit.ts';
import { auditedWrite, auditNames, auditPlanOf } from './audit-sql.ts';
import { executePreparedQuery } from '../db/prepared.ts';
import { columnsOf } from './columns.ts';
import type { Platform } from './platform.ts';
import { createRegistry } from './registry.ts';
import type { Caller } from './scope.ts';
import { superCallerOf } from './testing.ts';
import { resourceService } from './service.ts';
import type { ResourceDef, Row } from './types.ts';

/**
 * The audit entries the engine's writes put in their own statement (audit-sql.ts) are those the JS diff makes
 * (audit.ts): the same columns, the same masking, for every kind of value; and the engine's add, edit, batch and
 * delete leave the same entries whether they write them in SQL, in JS (a table with json columns, a registry that
 * lends no `auditInsert`) — and none without the trail.
 */
const probes = pgTable('audit_probes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: integer('tenant_id'),
  name: varchar('name', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  idCard: varchar('id_card', { length: 20 }).notNull().default(''),
  passwordHash: text('password_hash'),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  score: numeric('score', { precision: 10, scale: 2 }),
  tags: integer('tags').array().notNull().default([]),
  note: text('note').notNull().default(''),
  touched: integer('touched').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const DDL = sql`create table audit_probes (id int generated always as identity primary key, tenant_id int,
  name varchar(50) not null default '', phone varchar(20) not null default '', id_card varchar(20) not null default '',
  password_hash text, must_change_password boolean not null default false, score numeric(10, 2),
  tags int[] not null default '{}', note text not null default '', touched int not null default 0,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now())`;

const probeDef = (name: string, afterSave = false): ResourceDef => ({
  route: `/Test/${name}/index`,
  title: '审计探针',
  name,
  table: probes,
  ownership: 'tenant',
  fields: [
    { prop: 'name', label: '名称', type: 'text', batch: true },
    { prop: 'phone', label: '电话', type: 'text' },
    { prop: 'id_card', label: '身份证', type: 'text' },
    { prop: 'password_hash', label: '密码', type: 'text', clearable: true },
    { prop: 'score', label: '分数', type: 'number', clearable: true, batch: true },
    { prop: 'note', label: '备注', type: 'text' },
  ],
  hooks: {
    // a flag and an array ride on the note, so every kind of value changes through the screen
    beforeSave: (_ctx, v) =>
      v.note === undefined ? v : { ...v, mustChangePassword: v.note === 'flag', tags: v.note === 'flag' ? [1, 2] : [] },
    // the hook writes the row again after the update: the entry shows the row as it left it
    ...(afterSave
      ? {
          afterSave: async ({ db }, id) =>
            void (await db.execute(sql`update audit_probes set touched = touched + 1 where id = ${id}`)),
        }
      : {}),
  },
});

let t: TestApp;
let caller: Caller;
beforeAll(async () => {
  t = await setupApp();
  await t.db.execute(DDL);
  caller = await superCallerOf(t.db, 'property');
});
afterAll(() => t.close());

type Entry = {
  action: string;
  record_id: number;
  tenant_id: number | null;
  user_id: number;
  user_name: string;
  screen_title: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
const entriesOf = (screen: string) =>
  t.rows<Entry>(sql`select action, record_id, tenant_id, user_id, user_name, screen_title, before, after
    from audit_logs where screen = ${screen} order by id`);

/** the registry of every module, less some of the platform's parts; `recordAudit` counts the JS writer's calls */
const jsWrites = { n: 0 };
const registryWithout = (...keys: (keyof Platform)[]) =>
  createRegistry(
    modules.map((m) => {
      if (!m.platform) return m;
      const platform = { ...m.platform };
      const record = platform.recordAudit;
      if (record)
        platform.recordAudit = (q, entries) => {
          jsWrites.n++;
          return record(q, entries);
        };
      for (const k of keys) delete platform[k];
      return { ...m, platform };
    }),
  );

describe('the audit diff in SQL', () => {
  const keyed = (json: Record<string, unknown>): Row =>
    Object.fromEntries(Object.entries(json).map(([name, v]) => [columnsOf(probes).byName.get(name)?.key ?? name, v]));
  const insertProbe = async (v: Record<string, unknown>) => {
    const [r] = (await t.db.insert(probes).values(v).returning({ id: probes.id })) as { id: number }[];
    return (
      await t.rows<{ j: Record<string, unknown> }>(sql`select to_jsonb(p) as j from audit_probes p where id = ${r!.id}`)
    )[0]!.j;
  };

  it('writes what auditDiff writes: the changed columns, secrets never, personal values masked, for every value', async () => {
    const def = probeDef('ProbeDiff');
    const plan = auditPlanOf(probes)!;
    const names = auditNames.init();
    const rows = [
      {
        tenantId: caller.actor.tenantId,
        name: '甲',
        phone: '13812345678',
        idCard: '110101199001011234',
        passwordHash: 'h1',
        score: '12.50',
        tags: [1],
      },
      {
        tenantId: caller.actor.tenantId,
        name: '甲',
        phone: '1234',
        idCard: '',
        passwordHash: '',
        score: '12.5',
        tags: [1],
        mustChangePassword: true,
      },
      {
        tenantId: null,
        name: '😀长名字',
        phone: '',
        idCard: 'X1234567',
        passwordHash: null,
        score: null,
        tags: [],
        note: "it's",
      },
      {
        tenantId: caller.actor.tenantId,
        name: '甲',
        phone: '13812345678',
        idCard: '110101199001011234',
        passwordHash: 'h1',
        score: '12.50',
        tags: [1],
      },
    ];
    const json = [];
    for (const r of rows) json.push(await insertProbe(r));
    // every pair, both ways, and the add and delete of each row
    const pairs: [Record<string, unknown> | null, Record<string, unknown> | null][] = [];
    for (const b of json) {
      pairs.push([null, b], [b, null]);
      for (const a of json) if (a !== b) pairs.push([b, a]);
    }
    for (const [b, a] of pairs) {
      const before = await t.one<{ n: number }>(
        sql`select count(*)::int as n from audit_logs where screen = 'ProbeDiff'`,
      );
      const rows = sql`select ${b === null ? null : JSON.stringify(b)}::jsonb as b, ${a === null ? null : JSON.stringify(a)}::jsonb as a`;
      const { name, query } = auditedWrite(names, auditInsert, plan, def, caller, 'edit', rows, 'select 1');
      await executePreparedQuery(t.db, name, query);
      const got = await t.rows<Entry>(
        sql`select action, record_id, tenant_id, user_id, user_name, screen_title, before, after from audit_logs
            where screen = 'ProbeDiff' order by id offset ${before.n}`,
      );
      const want = auditDiff(b && keyed(b), a && keyed(a));
      if (b && a && Object.keys(want.after ?? {}).length === 0) {
        expect(got).toEqual([]);
        continue;
      }
      const row = (a ?? b)!;
      expect(got).toEqual([
        {
          action: 'edit',
          record_id: row.id,
          tenant_id: (row.tenant_id as number | null) ?? caller.actor.tenantId,
          user_id: caller.actor.id,
          user_name: 'property',
          screen_title: '审计探针',
          // as stored: a jsonb round trip (12.50 and 12.5 are one number)
          before: JSON.parse(JSON.stringify(want.before)),
          after: JSON.parse(JSON.stringify(want.after)),
        },
      ]);
    }
    // what the masks do, spelled out once
    const [first, second] = [json[0]!, json[1]!];
    const want = auditDiff(keyed(first), keyed(second));
    expect(want.before).toMatchObject({ phone: '138****5678', idCard: '110****1234', passwordHash: '******' });
    expect(want.after).toMatchObject({ phone: '****', idCard: '', passwordHash: '', mustChangePassword: true });
  });

  it('leaves tables with json columns to the JS diff (keys inside a value are masked at any depth)', () => {
    expect(auditPlanOf(probes)).not.toBeNull();
    expect(auditPlanOf(pgTable('audit_probe_jsonb', { id: integer('id'), info: jsonb('info') }))).toBeNull();
  });
});

describe("the engine's writes", () => {
  /** add, edit (twice: one changes nothing), cell-less batch of two rows, and a delete of both, as one user does */
  const scenario = async (def: ResourceDef, registry = t.registry) => {
    const svc = resourceService(t.db, def, registry);
    const a = await svc.add(caller, {
      name: '甲',
      phone: '13812345678',
      id_card: '110101199001011234',
      password_hash: 'x',
      score: 12,
      note: 'flag',
    });
    const b = await svc.add(caller, { name: '乙', phone: '1234', note: '' });
    await svc.edit(caller, { row: { id: a, phone: '13987654321', password_hash: '', score: '', note: '' } });
    await svc.edit(caller, { row: { id: a, name: '甲' } });
    await svc.batch(caller, [a, b], { name: '丙', score: 3 });
    await svc.del(caller, [a, b]);
    const left = await t.rows(sql`select id from audit_probes where id in (${a}, ${b})`);
    expect(left).toEqual([]);
    return { a, b };
  };
  /**
   * An entry as it reads whatever the ids were: each record by its place in the scenario. A numeric the JS diff read
   * through drizzle is a string on PGlite (a number on node-postgres, as to_jsonb gives it): compared as numbers.
   */
  const shape = async (screen: string, ids: { a: number; b: number }) =>
    (await entriesOf(screen))
      .map((e) => {
        const norm = (o: Record<string, unknown> | null) =>
          o && {
            ...o,
            ...('id' in o ? { id: o.id === ids.a ? 'a' : 'b' } : {}),
            ...(typeof o.score === 'string' ? { score: Number(o.score) } : {}),
          };
        return { ...e, record_id: e.record_id === ids.a ? 'a' : 'b', before: norm(e.before), after: norm(e.after) };
      })
      // the rows of one statement in no particular order: by record within each write
      .map((e, i, all) => ({
        e,
        k: all.findIndex((x) => x.action === e.action) * 2 + (e.record_id === 'a' ? 0 : 1),
        i,
      }))
      .sort((x, y) => x.k - y.k || x.i - y.i)
      .map(({ e }) => e);

  it('write the same entries in SQL as in JS, with or without an afterSave hook', async () => {
    // the SQL path never calls the JS writer
    jsWrites.n = 0;
    const inSql = await shape('ProbeSql', await scenario(probeDef('ProbeSql'), registryWithout()));
    expect(jsWrites.n).toBe(0);
    const inJs = await shape('ProbeJs', await scenario(probeDef('ProbeJs'), registryWithout('auditInsert')));
    expect(jsWrites.n).toBe(5);
    expect(inSql).toEqual(inJs);
    expect(inSql.map((e) => `${e.action} ${e.record_id}`)).toEqual([
      'add a',
      'add b',
      'edit a',
      'batch a',
      'batch b',
      'delete a',
      'delete b',
    ]);
    expect(inSql[2]).toMatchObject({
      before: {
        phone: '138****5678',
        passwordHash: '******',
        score: 12,
        note: 'flag',
        mustChangePassword: true,
        tags: [1, 2],
      },
      after: { phone: '139****4321', passwordHash: '', score: null, note: '', mustChangePassword: false, tags: [] },
    });
    expect(Object.keys(inSql[2]!.after!).sort()).toEqual(
      ['mustChangePassword', 'note', 'passwordHash', 'phone', 'score', 'tags'].sort(),
    );
    expect(inSql[3]).toMatchObject({ before: { name: '甲', score: null }, after: { name: '丙', score: 3 } });
    expect(inSql[5]!.after).toBeNull();
    expect(JSON.stringify(inSql)).not.toContain('13812345678');

    const hookSql = await shape('ProbeHookSql', await scenario(probeDef('ProbeHookSql', true)));
    const hookJs = await shape(
      'ProbeHookJs',
      await scenario(probeDef('ProbeHookJs', true), registryWithout('auditInsert')),
    );
    expect(hookSql).toEqual(hookJs);
    // the hook's own write is in the edit's after (the add shows the row the hook left too)
    expect(hookSql[0]!.after).toMatchObject({ touched: 1 });
    expect(hookSql[2]).toMatchObject({ action: 'edit', before: { touched: 1 }, after: { touched: 2 } });
  });

  it('write none without the audit trail, and still write', async () => {
    const ids = await scenario(probeDef('ProbeNone'), registryWithout('recordAudit', 'auditInsert'));
    expect(ids.a).toBeGreaterThan(0);
    expect(await entriesOf('ProbeNone')).toEqual([]);
  });

  it('write nothing of a refused batch', async () => {
    const svc = resourceService(t.db, probeDef('ProbeRefused'), t.registry);
    const a = await svc.add(caller, { name: '丁' });
    await expect(svc.batch(caller, [a, 2_000_000_000], { name: '戊' })).rejects.toThrow();
    expect((await entriesOf('ProbeRefused')).map((e) => e.action)).toEqual(['add']);
    expect(await t.rows(sql`select name from audit_probes where id = ${a}`)).toEqual([{ name: '丁' }]);
  });
});
