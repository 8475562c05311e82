// Builds the web app when its sources are newer than the last build (npm start runs this),
// then writes gzip and brotli siblings of its text files for the server to send as they are.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const web = 'apps/web';
const dist = join(web, 'dist');
const out = join(dist, 'index.html');
const sources = [join(web, 'src'), join(web, 'index.html'), join(web, 'vite.config.ts'), 'packages/contracts/src'];

const newest = (p) => {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(join(p, f))));
};

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
// text only (images and fonts are compressed already); below 1 kB the saving is lost in the headers
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm)$/;
const MIN_BYTES = 1024;

/**
 * `<file>.gz` (level 9) and `<file>.br` next to every compressible file, kept only when smaller;
 * @fastify/static (preCompressed) picks one by Accept-Encoding. Brotli quality 9: about 8% under
 * gzip in a second for the whole build; quality 11 would take ~10 s more of every build for 7% more.
 */
const compressFile = async (f) => {
  const buf = readFileSync(f);
  const [g, b] = await Promise.all([
    gzipAsync(buf, { level: 9 }),
    brotliAsync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    }),
  ]);
  if (b.length < buf.length) writeFileSync(`${f}.br`, b);
  if (g.length < buf.length) writeFileSync(`${f}.gz`, g);
  return { raw: buf.length, gz: Math.min(g.length, buf.length), br: Math.min(b.length, buf.length) };
};

const compressDist = async () => {
  const started = Date.now();
  const targets = files(dist).filter((f) => f !== out && compressible.test(f) && statSync(f).size >= MIN_BYTES);
  const sizes = await Promise.all(targets.map(compressFile));
  // index.html last and always: its .gz says the whole step is done
  sizes.push(await compressFile(out));
  const sum = (k) => `${Math.round(sizes.reduce((a, s) => a + s[k], 0) / 1000)} kB`;
  console.log(
    `web: compressed ${sizes.length} files, ${sum('raw')} → gzip ${sum('gz')}, brotli ${sum('br')} (${Date.now() - started} ms)`,
  );
};

const force = process.argv.includes('--force');
if (!force && existsSync(out) && statSync(out).mtimeMs >= Math.max(...sources.map(newest))) {
  console.log('web: up to date');
} else {
  console.log('web: building…');
  // vite empties dist first, so no compressed file outlives its original
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', web, '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
// also after a build made some other way (npx vite build): compressed when index.html.gz is missing or older
const gzOfIndex = `${out}.gz`;
if (existsSync(out) && (!existsSync(gzOfIndex) || statSync(gzOfIndex).mtimeMs < statSync(out).mtimeMs))
  await compressDist();
