/**
 * Web: gzip size of the JavaScript each route loads, from the production build (apps/web/dist,
 * built by scripts/build-web.mjs — run first, it rebuilds only when the sources are newer).
 * A route loads the entry chunk (index.html's module script) and every chunk it imports statically,
 * then the lazy chunks on its way (the Shell for signed-in pages, the page component of the menu's
 * registry key — app/pages/registry.ts) with their static imports. The build has no manifest or
 * metafile, so the graph is read from the chunks themselves: static `import … from "./x.js"` /
 * `import "./x.js"` and dynamic `import(`./Name-hash.js`)`, a lazy chunk found by its module's name.
 * gzip at zlib's default level (what vite's build report prints). Goals: login ≤ 180 kB, workbench ≤ 300 kB, a list page ≤ 350 kB.
 * Rewrites `<!-- web-size:start/end -->` in docs/benchmarks.md.
 *
 * Run: npm run bench:web-size
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { machine, replaceSection, today, verdict } from './lib/report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/web/dist');
const assets = join(dist, 'assets');
const kB = (b: number) => (b / 1000).toFixed(1);

/** lazy chunks on each route's way, by module name; goal in kB of gzip JS (null: shown, no goal) */
const ROUTES: { route: string; what: string; lazy: string[]; goalKb: number | null }[] = [
  { route: '/login', what: 'login', lazy: ['LoginPage'], goalKb: 180 },
  {
    route: '/Web/Basic/Index/index',
    what: 'workbench (first page after login)',
    lazy: ['AppProviders', 'Protected', 'Shell', 'Workbench'],
    goalKb: 300,
  },
  {
    route: '/Web/Basic/GatePerson/index',
    what: 'a resource list page (住户管理, ListPage with the features it registers)',
    lazy: ['AppProviders', 'Protected', 'Shell', 'enginePages'],
    goalKb: 350,
  },
];

type Chunk = { file: string; raw: number; gzip: number; imports: string[]; dynamic: string[] };

const readChunks = () => {
  const chunks = new Map<string, Chunk>();
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const buf = readFileSync(join(assets, file));
    const code = buf.toString('utf8');
    const imports = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
    const dynamic = [...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);
    chunks.set(file, {
      file,
      raw: buf.length,
      gzip: gzipSync(buf).length,
      imports: [...new Set(imports)],
      dynamic: [...new Set(dynamic)],
    });
  }
  return chunks;
};

const closure = (chunks: Map<string, Chunk>, start: string, into = new Set<string>()) => {
  if (into.has(start)) return into;
  const c = chunks.get(start);
  if (!c) throw new Error(`chunk ${start} is imported but not in ${assets}`);
  into.add(start);
  for (const i of c.imports) closure(chunks, i, into);
  return into;
};

/** the chunk a dynamic import of module `name` loads: named `<name>-<hash>.js` and imported dynamically somewhere */
const lazyChunk = (chunks: Map<string, Chunk>, name: string) => {
  const found = new Set(
    [...chunks.values()].flatMap((c) => c.dynamic).filter((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f)),
  );
  if (found.size !== 1)
    throw new Error(
      `lazy chunk of ${name}: ${found.size ? [...found].join(', ') : 'none'} (the page registry or the build changed?)`,
    );
  return [...found][0]!;
};

const run = () => {
  // npm start builds the same way; up to date → nothing to do
  execFileSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]!);
  const chunks = readChunks();
  const entrySet = closure(chunks, entry);
  const rows = ROUTES.map((r) => {
    const set = new Set(entrySet);
    for (const name of r.lazy) closure(chunks, lazyChunk(chunks, name), set);
    const list = [...set].map((f) => chunks.get(f)!);
    const gzip = list.reduce((a, c) => a + c.gzip, 0);
    const raw = list.reduce((a, c) => a + c.raw, 0);
    const biggest = [...list].sort((a, b) => b.gzip - a.gzip).slice(0, 4);
    console.log(`${r.route}: ${list.length} chunks, ${kB(raw)} kB raw, ${kB(gzip)} kB gzip`);
    return { ...r, count: list.length, gzip, raw, biggest };
  });
  const cssGzip = css.reduce((a, f) => a + gzipSync(readFileSync(join(assets, f))).length, 0);
  const all = [...chunks.values()];
  const start = '<!-- web-size:start -->';
  const end = '<!-- web-size:end -->';
  const section = [
    start,
    '## Web: JavaScript per route (production build)',
    '',
    `\`npm run bench:web-size\` — ${today()}, ${machine()}.`,
    '',
    'What a first visit to a route downloads: the entry chunk from index.html and its static imports, then the lazy chunks on the way to the page (the Shell for signed-in pages, ' +
      "the page component the menu's component key maps to in app/pages/registry.ts) with their static imports; vite preloads exactly this set. Read from apps/web/dist " +
      "(scripts/build-web.mjs; no manifest, so from the chunks' own import statements). gzip at zlib's default level, kB = 1,000 bytes.",
    '',
    '| route | what | chunks | JS raw kB | JS gzip kB | goal | | largest chunks (gzip kB) |',
    '|---|---|--:|--:|--:|--:|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.route}\` | ${r.what} | ${r.count} | ${kB(r.raw)} | ${kB(r.gzip)} | ${r.goalKb ? `≤ ${r.goalKb}` : '—'} | ${r.goalKb ? verdict(r.gzip / 1000 <= r.goalKb) : ''} | ${r.biggest.map((c) => `${c.file.replace(/-[\w-]{8}\.js$/, '')} ${kB(c.gzip)}`).join(', ')} |`,
    ),
    '',
    `The whole build: ${all.length} JS chunks, ${kB(all.reduce((a, c) => a + c.raw, 0))} kB raw, ${kB(all.reduce((a, c) => a + c.gzip, 0))} kB gzip; CSS loaded by index.html ${kB(cssGzip)} kB gzip. ` +
      'The build writes a .gz and a .br beside every asset and the app serves them by accept-encoding (@fastify/static preCompressed, app.ts): ' +
      'a browser downloads about the gzip column (brotli is a few percent smaller).',
    end,
  ].join('\n');
  replaceSection(start, end, section);
};

try {
  run();
} catch (e) {
  console.error(e);
  process.exit(1);
}
