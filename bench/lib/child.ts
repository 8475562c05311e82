/**
 * A load generator in a child process of its own, so the client's work does not run on the server's event loop:
 * `inChild(file, spec, limitMs, what)` forks the module `file` with the tsx loader, sends it the spec and resolves
 * with its answer, killing it past `limitMs`; the module answers with `serveChild(run)` when started as the child.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Answer<R> = { ok: true; r: R } | { ok: false; error: string };

export const inChild = <S, R>(file: string, spec: S, limitMs: number, what: string) =>
  new Promise<R>((resolve, reject) => {
    const c = fork(file, ['--child'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      c.kill('SIGKILL');
      reject(new Error(`${what} overran ${Math.round(limitMs / 1000)} s`));
    }, limitMs);
    c.once('message', (m) => {
      clearTimeout(timer);
      const msg = m as Answer<R>;
      c.disconnect();
      if (msg.ok) resolve(msg.r);
      else reject(new Error(msg.error));
    });
    c.once('error', reject);
    c.once('spawn', () => c.send(spec as object));
  });

/** in the module a load runs in: when started by `inChild`, run each spec received and answer; exit with the parent */
export const serveChild = <S, R>(moduleUrl: string, run: (spec: S) => Promise<R>) => {
  if (!process.argv.includes('--child') || process.argv[1] !== fileURLToPath(moduleUrl)) return;
  process.on('message', (m) => {
    run(m as S).then(
      (r) => process.send?.({ ok: true, r }),
      (e: unknown) => process.send?.({ ok: false, error: String(e) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
};
