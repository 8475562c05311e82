import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { login, property, vis } from './helpers.ts';

/**
 * Counts the function components each React commit rendered, through the hook React DevTools attach to: a fiber
 * not in the tree of the commit before, marked PerformedWork (flag 1), rendered in this one.
 */
const countRenders = (page: Page) =>
  page.addInitScript(() => {
    type Fiber = { child: Fiber | null; sibling: Fiber | null; flags: number; type: unknown };
    const w = window as unknown as { __rendered: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    let seen = new WeakSet<Fiber>();
    w.__rendered = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      isDisabled: false,
      checkDCE() {},
      inject() {
        return 1;
      },
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onCommitFiberRoot(_id: number, root: { current: Fiber }) {
        const next = new WeakSet<Fiber>();
        const walk = (first: Fiber | null) => {
          for (let f = first; f; f = f.sibling) {
            next.add(f);
            if (!seen.has(f) && f.flags & 1 && typeof f.type === 'function') w.__rendered++;
            walk(f.child);
          }
        };
        walk(root.current);
        seen = next;
      },
    };
  });

const rendered = (page: Page) => page.evaluate(() => (window as unknown as { __rendered: number }).__rendered);

test('a tab switch renders the shell, not every page kept alive behind it', async ({ page }) => {
  await countRenders(page);
  await login(page, property);
  await page.getByTestId('top-menu').getByText('基础数据', { exact: true }).click();
  for (const path of ['/Web/Basic/House/listConfig', '/Web/Basic/GatePerson/listConfig']) {
    await page.getByTestId(`side-menu-${path}`).click();
    await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  const before = await rendered(page);
  await page.getByTestId('tab-/Web/Basic/House/listConfig').click();
  await expect(page.getByTestId('tab-/Web/Basic/House/listConfig')).toHaveAttribute('data-active', 'true');
  await page.waitForTimeout(budget(1000));
  // the shell, its menus and tab bar are about 170 components; each list page kept alive is about 700 more, which
  // every route change rendered again (and antd's menus twice, given new key arrays)
  expect(await rendered(page)).toBeGreaterThan(before);
  expect((await rendered(page)) - before).toBeLessThan(500);
});
