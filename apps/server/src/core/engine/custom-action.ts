import type { z } from 'zod';
import type { HookCtx } from './types.ts';

export type CustomPerm = 'view' | 'add' | 'edit' | 'remove';
/** a custom button's handler: the route validates {data} against `data` before `run` sees it */
export type CustomAction = {
  perm: CustomPerm;
  data: z.ZodType;
  /** what `run` answers (the envelope's data) */
  reply: z.ZodType;
  run: (ctx: HookCtx, data: unknown) => Promise<unknown>;
};

/** Declares a custom action whose `run` receives `data` already parsed by its schema. */
export const customAction = <S extends z.ZodType, R extends z.ZodType>(
  perm: CustomPerm,
  data: S,
  reply: R,
  run: (ctx: HookCtx, data: z.output<S>) => Promise<z.input<R>>,
): CustomAction => ({
  perm,
  data,
  reply,
  // the route parsed the body with `data`, so the value has its output type
  run: (ctx, parsed) => run(ctx, parsed as z.output<S>),
});
