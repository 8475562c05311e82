import type { ChildProcess } from 'node:child_process';

/** The next message of kind `op` from a benchmark's child process, or an error after `ms`. */
export const nextMessage = <M extends { op: string }, K extends M['op']>(child: ChildProcess, op: K, ms: number, who: string) =>
  new Promise<Extract<M, { op: K }>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', on);
      reject(new Error(`${who}: no '${op}' within ${ms} ms`));
    }, ms);
    const on = (raw: unknown) => {
      const m = raw as M;
      if (m.op !== op) return;
      clearTimeout(timer);
      child.off('message', on);
      resolve(m as Extract<M, { op: K }>);
    };
    child.on('message', on);
  });
