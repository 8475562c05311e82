import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, MenuNode, MenuReply, ScreenConfig } from '@5a/contracts';
import { DEMO_KINDS, setupApp, type DemoUser, type TestApp } from '../test/harness.ts';

/** every demo login a visitor of the demo may use */
const USERS = DEMO_KINDS;

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
}, 120_000);
afterAll(() => t.close());

const leaves = (nodes: readonly MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));

/** The engine list screens of one login's menu whose list (any tab) has no row. */
const emptyScreens = async (user: DemoUser) => {
  const token = await t.login(user);
  const menu = (await t.post<MenuReply>('/Common/Menu/Menu', {}, token)).body.data;
  const out: string[] = [];
  for (const m of leaves(menu.menus).filter((n) => n.component === 'ListPage')) {
    const { status, body: reply } = await t.post<ScreenConfig>(m.path, {}, token);
    // a menu whose screen is not built yet (no route: HTTP 404) has no list to fill
    if (status === 404) continue;
    if (reply.code !== 0) {
      out.push(`${m.title} ${m.path} ${reply.msg}`);
      continue;
    }
    const config = reply.data;
    // the screen as it opens: its first tab
    const res = (await t.post<ListReply>(config.urls.list, { current: 1, size: 1 }, token)).body;
    if (res.code !== 0 || res.data.total === 0) out.push(`${m.title} ${m.path}`);
  }
  return out;
};

describe('demo data', () => {
  it.each(USERS)('gives every list screen of %s some rows', async (user) => {
    expect(await emptyScreens(user)).toEqual([]);
  });

  it('shows every finished demo work order the full timeline the real flow writes', async () => {
    const rows = await t.rows<{ id: number; actions: string[] }>(
      sql`select o.id, array_agg(tl.action order by tl.created_at, tl.id) as actions
        from repair_orders o join repair_timeline tl on tl.order_id = o.id
        where o.status in (4, 5, 6, 7) group by o.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const short = rows.filter((r) => r.actions.slice(0, 5).join(' → ') !== '报修 → 派单 → 接单 → 开始处理 → 完成');
    expect(short).toEqual([]);
  });
});
