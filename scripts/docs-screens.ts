/**
 * Writes docs/screens.md from the screen declarations (`npm run docs:screens`). The product catalog
 * imports every module, which registers its declarations as starting the server does; no database is needed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allResources } from '../apps/server/src/core/engine/registry.ts';
import { screensDoc } from '../apps/server/src/core/engine/screens-doc.ts';
import { isResource, type PageDef } from '../apps/server/src/core/screens/define.ts';
import { productCatalog } from '../apps/server/src/seed/catalog.ts';

const target = fileURLToPath(new URL('../docs/screens.md', import.meta.url));
const pages = productCatalog().screens.filter((s): s is PageDef => !isResource(s));
writeFileSync(target, screensDoc(allResources(), pages));
console.log(`docs/screens.md: ${allResources().length} list screens, ${pages.length} other pages`);
