import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productCatalog } from '../../seed/catalog.ts';
import { isResource, type PageDef } from '../screens/define.ts';
import { modules } from '../../modules/index.ts';
import { createRegistry } from './registry.ts';
import { screenPermCodes, screensDoc } from './screens-doc.ts';

const file = new URL('../../../../../docs/screens.md', import.meta.url);
const allResources = () => createRegistry(modules).allResources();
const byRoute = (route: string) => allResources().find((d) => d.route === route)!;
const pages = productCatalog().screens.filter((s): s is PageDef => !isResource(s));
const doc = () => screensDoc(allResources(), pages);

describe('docs/screens.md', () => {
  it('is what the declarations say now', () => {
    const fresh = doc();
    const onDisk = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (onDisk === fresh) return;
    const a = onDisk.split('\n');
    const b = fresh.split('\n');
    const found = b.findIndex((line, n) => line !== a[n]);
    const i = found < 0 ? b.length : found;
    expect.fail(
      `docs/screens.md is stale: run \`npm run docs:screens\` and commit it.\n` +
        `first difference at line ${i + 1}:\n  file:     ${a[i] ?? '(end)'}\n  declared: ${b[i] ?? '(end)'}`,
    );
  });

  it('names every declared screen and each field of it, and every other menu page', () => {
    const text = doc();
    for (const d of allResources()) {
      expect(text).toContain(`## ${d.title} — ${d.route}`);
      for (const f of d.fields) expect(text, `${d.route} ${f.prop}`).toContain(`| \`${f.prop}\` | ${f.label} |`);
    }
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages)
      expect(text, p.path).toContain(`| ${p.title} | \`${p.path}\` | \`${p.name}\` | ${p.component} |`);
  });

  it('is deterministic whatever the registration order', () => {
    expect(screensDoc([...allResources()].reverse(), [...pages].reverse())).toBe(doc());
  });
});

describe('permission codes of a screen', () => {
  it('lists the codes whose grant changes the screen: drag only where there is drag sort', () => {
    expect(screenPermCodes(byRoute('/Web/Basic/Building/listConfig'))).toEqual([
      'Building:view',
      'Building:add',
      'Building:edit',
      'Building:remove',
      'Building:export',
      'Building:import',
      'Building:drag',
    ]);
    expect(screenPermCodes(byRoute('/System/Dict/index'))).not.toContain('Dict:drag');
  });

  it('names the per-tab import code of a screen with tabs', () => {
    expect(screenPermCodes(byRoute('/Web/Basic/GatePerson/listConfig'))).toContain('GatePerson:import:<tab>');
  });
});
