import { describe, expect, it } from 'vitest';
import type { FooterTable } from '@5a/contracts';
import { footersFor } from './footers.ts';

const lanes: FooterTable = { title: '车道', route: '/a/listConfig', remoteKey: 'lot_id', parentKey: 'id' };
const cars: FooterTable = {
  title: '车辆',
  route: '/b/listConfig',
  remoteKey: 'person_id',
  parentKey: 'id',
  showWhen: 'havingCar',
};

describe('footer tables below a row', () => {
  it('shows a conditional tab only for a row whose prop is truthy', () => {
    expect(footersFor([lanes, cars], { id: 1, havingCar: true })).toEqual([lanes, cars]);
    expect(footersFor([lanes, cars], { id: 2, havingCar: false })).toEqual([lanes]);
    expect(footersFor([cars], { id: 3 })).toEqual([]);
    expect(footersFor([lanes, cars], null)).toEqual([]);
  });
});
