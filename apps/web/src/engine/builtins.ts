import { registerBuiltinActions } from './actions/builtin.ts';
import { registerBuiltinCells } from './cells/builtin.tsx';
import { registerBuiltinInputs } from './inputs/builtin.ts';
import { registerBuiltinRowActions } from './rowActions/builtin.tsx';

let done = false;

/** Registers the built-in actions, row actions, cells and inputs (the app registers the features after them). */
export const ensureBuiltins = () => {
  if (done) return;
  done = true;
  registerBuiltinCells();
  registerBuiltinInputs();
  registerBuiltinActions();
  registerBuiltinRowActions();
};
