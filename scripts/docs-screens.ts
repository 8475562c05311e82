/**
 * Writes docs/screens.md from the screen declarations (`npm run docs:screens`). Importing the modules
 * registers every declaration, as starting the server does; no database is needed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import '../apps/server/src/modules/index.ts';
import { allResources } from '../apps/server/src/core/engine/registry.ts';
import { screensDoc } from '../apps/server/src/core/engine/screens-doc.ts';

const target = fileURLToPath(new URL('../docs/screens.md', import.meta.url));
writeFileSync(target, screensDoc(allResources()));
console.log(`docs/screens.md: ${allResources().length} screens`);
