import { describe, expect, it } from 'vitest';
import { checkPerm } from './perm.ts';

const perms = new Set(['Building:add', 'Building:view']);

describe('permission check', () => {
  it('any-of', () => {
    expect(checkPerm(perms, { anyOf: ['Building:edit', 'Building:add'] })).toBe(true);
    expect(checkPerm(perms, { anyOf: ['Building:edit'] })).toBe(false);
  });
  it('all-of', () => {
    expect(checkPerm(perms, { allOf: ['Building:add', 'Building:view'] })).toBe(true);
    expect(checkPerm(['Building:add'], { allOf: ['Building:add', 'Building:view'] })).toBe(false);
  });
  it('none-of', () => {
    expect(checkPerm(perms, { noneOf: ['Building:remove'] })).toBe(true);
    expect(checkPerm(perms, { noneOf: ['Building:add'] })).toBe(false);
  });
  it('combines checks and passes an empty check', () => {
    expect(checkPerm(perms, {})).toBe(true);
    expect(checkPerm(perms, { anyOf: ['Building:add'], noneOf: ['Building:view'] })).toBe(false);
  });
});
