/**
 * Load generator child: runs one autocannon round per message and answers with its figures, in
 * its own process so the client's work does not run on the server's event loop. Started by
 * `runLoad` below (fork with the tsx loader); it exits when the parent goes away.
 */
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { inChild, serveChild } from './child.ts';

export type LoadSpec = {
  url: string;
  body: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  expect: string;
};
export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
};

const runOnce = (spec: LoadSpec) =>
  new Promise<LoadResult>((resolve, reject) => {
    autocannon(
      {
        url: spec.url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spec.headers },
        body: spec.body,
        connections: spec.connections,
        duration: spec.seconds,
        timeout: 10,
        // the app answers HTTP 200 with a code in the body: a failure is a body without code 0
        verifyBody: (b) => String(b ?? '').includes(spec.expect),
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          requests: r.requests.total,
          rps: r.requests.average,
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          max: r.latency.max,
          mean: r.latency.average,
          errors: r.errors,
          timeouts: r.timeouts,
          non2xx: r.non2xx,
          mismatches: r.mismatches,
        });
      },
    );
  });

/** one autocannon round in a child process; the child is killed if it overruns by 30 s */
export const runLoad = (spec: LoadSpec) =>
  inChild<LoadSpec, LoadResult>(fileURLToPath(import.meta.url), spec, (spec.seconds + 30) * 1000, 'load generator');

serveChild(import.meta.url, runOnce);
