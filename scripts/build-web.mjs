// Builds the web app when its sources are newer than the last build (npm start runs this).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = 'apps/web';
const out = join(web, 'dist', 'index.html');
const sources = [join(web, 'src'), join(web, 'index.html'), join(web, 'vite.config.ts'), 'packages/contracts/src'];

const newest = (p) => {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(join(p, f))));
};

const force = process.argv.includes('--force');
if (!force && existsSync(out) && statSync(out).mtimeMs >= Math.max(...sources.map(newest))) {
  console.log('web: up to date');
} else {
  console.log('web: building…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', web, '--logLevel', 'warn'], { stdio: 'inherit' });
}
