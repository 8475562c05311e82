import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ScreenConfig } from '@5a/contracts';
import { createRegistry } from './core/engine/registry.ts';
import { modules } from './modules/index.ts';
import { setupApp, type TestApp } from './test/harness.ts';
import { demoIds, type DemoIds } from './modules/estate/testing.ts';
import { buildings } from './modules/estate/schema.ts';
import { onBillsPaid } from './modules/fees/index.ts';
import { runBillsPaid } from './modules/fees/collect/paid-hooks.ts';
import { providerFor, usePaymentProvider, type PayResult } from './modules/payment/index.ts';
import type { PaymentProvider } from './modules/payment/provider.ts';
import { overdueAlerts, useAlertRaiser, type OverdueOrder } from './modules/repair/index.ts';
import { loadAccess, setMenuGate } from './modules/rbac/index.ts';
import { resolveToken } from './modules/auth/index.ts';

/**
 * Two apps in one process (as the test files run them), each on its own database seeded alike, so the same ids and
 * users exist in both: whatever one app is given or caches must not show in the other. Every case here passed
 * through a process-global before (a provider, hooks, a gate, an extension, caches keyed by user or token only).
 */
const BUILDINGS = '/Web/Basic/Building/listConfig';
const extra = { title: '另一个应用的附表', route: '/Other/listConfig', remoteKey: 'building_id', parentKey: 'id' };

let a: TestApp;
let b: TestApp;
let ids: DemoIds;
let tokenA = '';
let tokenB = '';
beforeAll(async () => {
  // app B's registry lends the buildings screen a footer table of its own and B trusts a document server; app A is
  // built as production builds it
  [a, b] = await Promise.all([
    setupApp(),
    setupApp(
      { documentServer: 'https://doc.b.cn/files/' },
      createRegistry([...modules, { extensions: [{ of: buildings, footerTables: [extra] }] }]),
    ),
  ]);
  ids = await demoIds(a);
  [tokenA, tokenB] = await Promise.all([a.login('property'), b.login('property')]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const fake: PaymentProvider = {
  kind: 'wechat',
  createOrder: async () => ({ codeUrl: 'weixin://fake' }),
  queryOrder: async (): Promise<PayResult | null> => null,
  parseNotification: async () => Promise.reject(new Error('unused')),
};

describe('two apps in one process', () => {
  it("trust only their own document servers when checking a picture's address", async () => {
    const row = { name: '图片小区', region_code: '330106', address: '文一路 1 号', lonlat: '120.1,30.2' };
    const imgs = ['https://doc.b.cn/files/2026/a.jpg'];
    const addIn = (app: TestApp, token: string) =>
      app.post('/Web/Basic/Village/add', { row: { ...row, imgs } }, token).then((r) => r.body);
    expect(await addIn(b, tokenB)).toMatchObject({ code: 0 });
    expect(await addIn(a, tokenA)).toMatchObject({
      code: Code.validation,
      msg: '小区图片格式错误',
      data: { field: 'imgs' },
    });
  });

  it('use only their own payment provider', async () => {
    usePaymentProvider(a.registry, async () => fake);
    expect((await providerFor(a.registry, a.db, ids.tenantA)).kind).toBe('wechat');
    // B has no merchant configured: its own sandbox, not A's fake
    expect((await providerFor(b.registry, b.db, ids.tenantA)).kind).toBe('sandbox');
  });

  it('run only their own paid-bill hooks', async () => {
    const ran: string[] = [];
    onBillsPaid(a.registry, async (_tx, _tenantId, billIds) => void ran.push(`a:${billIds.join(',')}`));
    await b.db.transaction((tx) => runBillsPaid(b.registry, tx, ids.tenantA, [1]));
    expect(ran).toEqual([]);
    await a.db.transaction((tx) => runBillsPaid(a.registry, tx, ids.tenantA, [2]));
    expect(ran).toEqual(['a:2']);
  });

  it('raise alerts through their own raiser', async () => {
    const recorded: string[] = [];
    useAlertRaiser(a.registry, async (_db, input) => {
      recorded.push(String(input.sourceId));
      return { id: 0, created: false };
    });
    const order = (id: number): OverdueOrder => ({
      id,
      tenantId: ids.tenantA,
      villageId: ids.sunshine.id,
      status: 1,
      problem: '漏水',
      leftSeconds: -60,
    });
    await overdueAlerts(a.registry)(a.db, order(990001));
    await overdueAlerts(b.registry)(b.db, order(990002));
    expect(recorded).toEqual(['990001']);
    // B raised its alert the notice module's way: a row in B's own database
    const [row] = await b.rows<{ n: number }>(
      sql`select count(*)::int as n from abnormal_alerts where source = 'repair_order' and source_id = '990002'`,
    );
    expect(row?.n).toBe(1);
  });

  it('show a screen only the footer tables their own registry lends it', async () => {
    const footers = async (t: TestApp, token: string) =>
      (await t.post<ScreenConfig>(BUILDINGS, {}, token)).body.data.footerTables.map((f) => f.title);
    expect(await footers(b, tokenB)).toContain(extra.title);
    expect(await footers(a, tokenA)).not.toContain(extra.title);
  });

  it('keep their own menu gate and their own cache of grants for the same user id', async () => {
    const [actorA, actorB] = await Promise.all([resolveToken(a.db, tokenA), resolveToken(b.db, tokenB)]);
    expect(actorA!.id).toBe(actorB!.id);
    const before = await loadAccess(b.registry, b.db, actorB!);
    expect(before.menuIds.size).toBeGreaterThan(0);
    // A hides every menu from its companies
    setMenuGate(a.registry, async (db) => {
      const rows = await db.execute(sql`select id from menus`);
      return new Set((rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id));
    });
    expect((await loadAccess(a.registry, a.db, actorA!)).menuIds.size).toBe(0);
    expect((await loadAccess(b.registry, b.db, actorB!)).menuIds.size).toBe(before.menuIds.size);
  });

  it('never take a token of one app for a user of the other', async () => {
    // A has just resolved (and cached) its token; B's database never issued it
    expect(await resolveToken(a.db, tokenA)).not.toBeNull();
    expect(await resolveToken(b.db, tokenA)).toBeNull();
    const res = await b.post(BUILDINGS, {}, tokenA);
    expect(res.body.code).toBe(Code.tokenInvalid);
  });
});
