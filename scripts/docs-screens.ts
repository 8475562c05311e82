/**
 * Writes docs/screens.md from the screen declarations (`npm run docs:screens`). The product catalog
 * and the registry of every module's declarations, as an app holds them; no database is needed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRegistry } from '../apps/server/src/core/engine/registry.ts';
import { modules } from '../apps/server/src/modules/index.ts';
import { screensDoc } from '../apps/server/src/core/engine/screens-doc.ts';
import { isResource, type PageDef } from '../apps/server/src/core/screens/define.ts';
import { productCatalog } from '../apps/server/src/seed/catalog.ts';

const target = fileURLToPath(new URL('../docs/screens.md', import.meta.url));
const pages = productCatalog().screens.filter((s): s is PageDef => !isResource(s));
const allResources = () => createRegistry(modules).allResources();
writeFileSync(target, screensDoc(allResources(), pages));
console.log(`docs/screens.md: ${allResources().length} list screens, ${pages.length} other pages`);
