import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code, identityFailureCodes, type ScreenConfig } from '@5a/contracts';
import { createRegistry } from '../core/engine/registry.ts';
import { modules } from '../modules/index.ts';
import { baseOf } from '../core/engine/config.ts';
import { systemResources } from '../modules/system/resource.ts';
import { NON_ENVELOPE_ROUTES } from '../core/http/openapi.ts';
import { casesFor, type Case, type OpInfo } from './fuzz-bodies.ts';
import type { JsonSchema } from './fuzz-schema.ts';
import { setupApp, type DemoUser, type TestApp } from './harness.ts';

/**
 * Every operation of the OpenAPI document, as the platform admin, the property super admin and
 * nobody: no 5xx, every JSON reply an envelope (but for the downloads and payment callbacks that
 * openapi.ts lists as NON_ENVELOPE_ROUTES: exports, import templates, the file route, the payment notify
 * callbacks), and no body that breaks the declared schema accepted.
 *
 * The operations are split into FUZZ_SHARD_COUNT shards (one test file each, `fuzz-<n>.test.ts`) so vitest
 * runs them on several workers; inside a shard every route prefix is its own test, so a failure names it.
 * `fuzz-shards.test.ts` checks that the shards together are every route the app registers.
 */

export const FUZZ_SHARD_COUNT = 4;

/** ends the shared session: sent unauthenticated only */
const SESSION_ENDERS = ['/xapi/Passport/User/Login/logout'];

type Operation = {
  summary?: string;
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type FuzzDoc = { paths: Record<string, Record<string, Operation>> };
/** one test of a shard: the doc's /xapi paths under one prefix */
export type FuzzGroup = { prefix: string; paths: string[]; operations: number };

/** `/xapi/<a>/<b>`: the unit a shard takes whole and the name of its test */
export const prefixOf = (path: string) => path.split('/').slice(0, 4).join('/');

/**
 * The doc's /xapi paths grouped by prefix and dealt into the shards, largest group first into the shard
 * with the fewest operations so far: the same split in every shard file, and roughly even shards.
 */
export const fuzzShards = (doc: FuzzDoc, count = FUZZ_SHARD_COUNT): FuzzGroup[][] => {
  const groups = new Map<string, FuzzGroup>();
  for (const path of Object.keys(doc.paths).filter((p) => p.startsWith('/xapi/'))) {
    const prefix = prefixOf(path);
    const g = groups.get(prefix) ?? { prefix, paths: [], operations: 0 };
    g.paths.push(path);
    g.operations += Object.keys(doc.paths[path]!).length;
    groups.set(prefix, g);
  }
  const shards = Array.from({ length: count }, () => ({ groups: [] as FuzzGroup[], operations: 0 }));
  const bySize = [...groups.values()].sort((a, b) => b.operations - a.operations || a.prefix.localeCompare(b.prefix));
  for (const g of bySize) {
    const lightest = shards.reduce((min, s) => (s.operations < min.operations ? s : min));
    g.paths.sort();
    lightest.groups.push(g);
    lightest.operations += g.operations;
  }
  return shards.map((s) => s.groups.sort((a, b) => a.prefix.localeCompare(b.prefix)));
};

const isEnvelope = (v: unknown) => {
  const o = v as { code?: unknown; msg?: unknown } | null;
  return !!o && typeof o === 'object' && typeof o.code === 'number' && typeof o.msg === 'string' && 'data' in o;
};

/** the engine action of a path, and its screen */
const screens = () => {
  const byBase = new Map(
    createRegistry(modules)
      .allResources()
      .map((d) => [baseOf(d.route), d]),
  );
  for (const { def, api } of systemResources) byBase.set(`/api/${api}`, def);
  return (path: string) => {
    const p = path.replace(/^\/xapi/, '');
    const def = byBase.get(baseOf(p));
    return def ? { def, action: p.slice(p.lastIndexOf('/') + 1) } : undefined;
  };
};

const fillPath = (path: string, c: Case, op: OpInfo) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = op.params.find((x) => x.name === name);
    const v =
      c.param !== undefined && c.param.length < 100
        ? c.param
        : p?.schema.enum?.[0] !== undefined
          ? String(p.schema.enum[0])
          : '1';
    return name === '*' ? v.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(v);
  });

/** Fuzzes the paths of one group on the app; answers each failing route's first failure and count. */
const fuzzGroup = async (
  serverError: () => string | undefined,
  t: TestApp,
  doc: FuzzDoc,
  tokens: Partial<Record<DemoUser, string>>,
  configOf: (route: string, token: string) => Promise<ScreenConfig | undefined>,
  group: FuzzGroup,
) => {
  const screenOf = screens();
  const failures = new Map<string, { first: string; n: number }>();
  const failed = (route: string, what: string) => {
    const hit = failures.get(route);
    if (hit) hit.n++;
    else failures.set(route, { first: what, n: 1 });
  };
  let requests = 0;
  for (const path of group.paths) {
    for (const [method, raw] of Object.entries(doc.paths[path]!)) {
      const screen = screenOf(path);
      const op: OpInfo = {
        path,
        method: method.toUpperCase(),
        summary: raw.summary ?? '',
        body: raw.requestBody?.content?.['application/json']?.schema,
        query: (raw.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        params: (raw.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        action: screen?.action,
      };
      const callers: (DemoUser | null)[] = SESSION_ENDERS.includes(path) ? [null] : [null, 'admin', 'property'];
      for (const who of callers) {
        op.fields = screen && who ? (await configOf(screen.def.route, tokens[who]!))?.fields : undefined;
        const all = casesFor(op, path.length * 31 + (who?.length ?? 0), who ? 2 : 1);
        // nobody is refused before the body is read, and a route without a body reads only its query: a few requests show that
        const cases = who && op.body ? all : all.filter((_, i) => i % 6 === 0);
        let refused = false;
        for (const [i, c] of cases.entries()) {
          // a caller the route refuses outright (the platform admin on a property screen) needs few tries
          if (refused && i >= 4) break;
          const token = who ? tokens[who] : undefined;
          const url = fillPath(path, c, op) + (c.query && op.query.length ? `?${c.query}` : '');
          const payload = typeof c.body === 'string' ? JSON.stringify(c.body) : c.body;
          const res = await t.app.inject({
            method: op.method as 'POST',
            url,
            ...(op.method === 'GET'
              ? {}
              : {
                  payload,
                  headers: {
                    'content-type': 'application/json',
                    ...(token ? { authorization: `Bearer ${token}` } : {}),
                  },
                }),
            ...(op.method === 'GET' && token ? { headers: { authorization: `Bearer ${token}` } } : {}),
          });
          requests++;
          const where = `${op.method} ${url} as ${who ?? 'nobody'} body=${JSON.stringify(c.body).slice(0, 300)}`;
          const json = /json/.test(String(res.headers['content-type'] ?? ''));
          const nonEnvelope = NON_ENVELOPE_ROUTES.some((re) => re.test(path));
          let reply: unknown;
          try {
            reply = json ? res.json() : undefined;
          } catch {
            reply = undefined;
          }
          const route = `${op.method} ${path}`;
          if (i === 0 && isEnvelope(reply)) refused = (reply as { code: number }).code === Code.forbidden;
          if (res.statusCode >= 500)
            failed(route, `${res.statusCode} ${where} → ${res.body.slice(0, 200)} (server: ${serverError() ?? '—'})`);
          else if (!nonEnvelope && !isEnvelope(reply))
            failed(route, `not an envelope (${res.statusCode}) ${where} → ${res.body.slice(0, 200)}`);
          else if (c.invalid && who && isEnvelope(reply) && (reply as { code: number }).code === 0)
            failed(route, `accepted an invalid body: ${where}`);
          // a write that ended the shared session (a password or status change): sign in again
          if (token && isEnvelope(reply) && identityFailureCodes.includes((reply as { code: number }).code))
            tokens[who!] = await t.login(who!);
        }
      }
    }
  }
  return { requests, failures };
};

/**
 * Declares the tests of shard `n` (1 to FUZZ_SHARD_COUNT) on a fresh app of its own. Awaited at the top of its test
 * file: the route prefixes, and so the tests' names, come from the app's document.
 */
export const fuzzShard = async (n: number) => {
  // the server's last error, so that a 500 in the report says what broke
  let lastError: string | undefined;
  const logger = {
    level: 'error',
    stream: {
      write: (line: string) => {
        const { err, msg } = JSON.parse(line) as {
          err?: { type?: string; message?: string; code?: string };
          msg?: string;
        };
        lastError = err ? `${err.type ?? 'Error'} ${err.code ?? ''} ${err.message ?? ''}`.trim() : String(msg);
      },
    },
  };
  const t = await setupApp({}, undefined, { logger });
  afterAll(() => t.close());
  const doc = t.app.swagger() as unknown as FuzzDoc;
  const tokens: Partial<Record<DemoUser, string>> = {};
  beforeAll(async () => {
    tokens.admin = await t.login('admin');
    tokens.property = await t.login('property');
  }, 120_000);

  const configs = new Map<string, ScreenConfig | null>();
  const configOf = async (route: string, token: string) => {
    const key = `${route} ${token}`;
    if (!configs.has(key)) {
      const r = await t.post<ScreenConfig>(route, {}, token);
      configs.set(key, r.body.code === 0 ? r.body.data : null);
    }
    return configs.get(key) ?? undefined;
  };

  for (const group of fuzzShards(doc)[n - 1] ?? []) {
    it(`${group.prefix}: ${group.operations} operations answer an envelope and no server error, whatever the body`, async () => {
      const { requests, failures } = await fuzzGroup(() => lastError, t, doc, tokens, configOf, group);
      console.log(`schema fuzzer: ${requests} requests over ${group.paths.length} paths under ${group.prefix}`);
      const report = [...failures.values()].map((f) => `${f.n}× ${f.first}`);
      // several shards may write the one report file, each appends its own routes
      if (process.env.FUZZ_REPORT && report.length) appendFileSync(process.env.FUZZ_REPORT, report.join('\n') + '\n');
      expect(report, `${failures.size} routes under ${group.prefix} failed`).toEqual([]);
    }, 300_000);
  }
};
