import { registerBuiltinActions } from './actions/builtin.ts';
import { registerBuiltinCells } from './cells/builtin.tsx';
import { registerBuiltinInputs } from './inputs/builtin.ts';
import { registerBuiltinRowActions } from './rowActions/builtin.tsx';
import { registerExtensions } from './extensions.ts';

let done = false;

/** Registers the built-in actions, row actions, cells and inputs, then the features' extensions. */
export const ensureBuiltins = () => {
  if (done) return;
  done = true;
  registerBuiltinCells();
  registerBuiltinInputs();
  registerBuiltinActions();
  registerBuiltinRowActions();
  registerExtensions();
};
