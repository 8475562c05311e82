import { rowActionTypes, toolbarActionTypes } from '@5a/contracts';
import { describe, expect, it } from 'vitest';
import { ensureBuiltins } from '../builtins.ts';
import { registeredActionTypes } from './actions.ts';
import { ROW_ACTION_TYPES, TOOLBAR_ACTION_TYPES } from './actionTypes.ts';
import { registeredRowActionTypes } from './rowActions.ts';

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('web action registries', () => {
  it('register exactly the keys the web lists (built-ins and every feature)', () => {
    ensureBuiltins();
    expect(sorted(registeredActionTypes())).toEqual(sorted(TOOLBAR_ACTION_TYPES));
    expect(sorted(registeredRowActionTypes())).toEqual(sorted(ROW_ACTION_TYPES));
  });

  it('list exactly the contract types (no contract type without a renderer)', () => {
    expect(sorted(TOOLBAR_ACTION_TYPES)).toEqual(sorted(toolbarActionTypes));
    expect(sorted(ROW_ACTION_TYPES)).toEqual(sorted(rowActionTypes));
  });
});
