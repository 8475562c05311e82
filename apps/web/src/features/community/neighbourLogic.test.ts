import { describe, expect, it } from 'vitest';
import { auditBody } from './neighbourLogic.ts';

describe('neighbour audit body', () => {
  it('sends the reason with a rejection only', () => {
    expect(auditBody(3, { type: 0, auditmsg: 'x' })).toEqual({ id: 3, type: 0, auditmsg: '' });
    expect(auditBody(3, { type: 2, auditmsg: ' 违规 ' })).toEqual({ id: 3, type: 2, auditmsg: '违规' });
  });
});
