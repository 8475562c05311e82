import { rowActionTypes, toolbarActionTypes } from '@5a/contracts';
import { describe, expect, it } from 'vitest';
import { registerExtensions } from '../../app/extensions.ts';
import { registeredActionTypes } from './actions.ts';
import { registeredRowActionTypes } from './rowActions.ts';

const sorted = (xs: readonly string[]) => [...xs].sort();

/** The contract's types are the ones screens declare (server test); here: every one has a renderer, and no renderer more. */
describe('web action registries', () => {
  it('register exactly the contract types (built-ins and every feature)', () => {
    registerExtensions();
    expect(sorted(registeredActionTypes())).toEqual(sorted(toolbarActionTypes));
    expect(sorted(registeredRowActionTypes())).toEqual(sorted(rowActionTypes));
  });
});
