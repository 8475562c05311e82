import { describe, expect, it } from 'vitest';
import { normalizePlate, plateKind } from './plate.ts';

describe('licence plates', () => {
  it('accepts ordinary 7-character plates', () => {
    expect(plateKind('京A12345')).toBe('ordinary');
    expect(plateKind('粤B8K9Z2')).toBe('ordinary');
    expect(plateKind('川AXY123')).toBe('ordinary');
  });

  it('accepts new-energy 8-character plates, small (D/F first) and large (D/F last)', () => {
    expect(plateKind('沪AD12345')).toBe('newEnergy');
    expect(plateKind('浙BFA1234')).toBe('newEnergy');
    expect(plateKind('苏E12345D')).toBe('newEnergy');
    expect(plateKind('苏E12345F')).toBe('newEnergy');
  });

  it('refuses I and O, unknown provinces, wrong lengths and malformed new-energy serials', () => {
    for (const bad of [
      '京A1234O',
      '京I12345',
      '京AI2345',
      'XA12345',
      '港A12345',
      '京A1234',
      '京A123456',
      '京AD1234A',
      '京AA123456',
      '京A12345X',
      '京AD12A45',
      '1A12345',
      '',
    ])
      expect(plateKind(bad), bad).toBeNull();
  });

  it('stores what people type in one spelling', () => {
    expect(normalizePlate(' 京a·12345 ')).toBe('京A12345');
    expect(plateKind(normalizePlate('沪ad 12345'))).toBe('newEnergy');
  });
});
