import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FUZZ_SHARD_COUNT, fuzzShards, type FuzzDoc } from './fuzz.ts';
import { setupApp, type TestApp } from './harness.ts';
import type { DeclaredRoute } from './matrix.ts';

const declared = vi.hoisted(() => [] as DeclaredRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const { recordingFactory } = await import('./matrix.ts');
  const wrapped = recordingFactory(real.default, declared);
  return { ...real, default: wrapped, fastify: wrapped };
});

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
}, 120_000);
afterAll(() => t.close());

it('the fuzzer shards together take every route the app registers, each once', () => {
  const shards = fuzzShards(t.app.swagger() as unknown as FuzzDoc);
  expect(shards).toHaveLength(FUZZ_SHARD_COUNT);
  for (const shard of shards) expect(shard.length).toBeGreaterThan(0);
  const doc = t.app.swagger() as unknown as FuzzDoc;
  const fuzzed = shards
    .flat()
    .flatMap((g) => g.paths.flatMap((p) => Object.keys(doc.paths[p]!).map((m) => `${m.toUpperCase()} ${p}`)));
  // the router's ':name' and '*' are the document's '{name}' and '{*}'
  const registered = declared.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`);
  expect(new Set(fuzzed).size).toBe(fuzzed.length);
  expect([...fuzzed].sort()).toEqual([...new Set(registered)].sort());
});
