import { describe, expect, it } from 'vitest';
import {
  nextPayState,
  PAY_FAILURE,
  PAY_SUCCESS,
  PAY_WAITING,
  stateOfBridge,
  stateOfTrade,
  tradeStateOf,
} from './payState.ts';

describe('pay page state', () => {
  it('maps server trade states', () => {
    expect(stateOfTrade('SUCCESS')).toBe(PAY_SUCCESS);
    expect(stateOfTrade('NOTPAY')).toBe(PAY_WAITING);
    expect(stateOfTrade('USERPAYING')).toBe(PAY_WAITING);
    expect(stateOfTrade('PAYERROR')).toBe(PAY_FAILURE);
    expect(stateOfTrade('CLOSED')).toBe(PAY_FAILURE);
    expect(stateOfTrade(1)).toBe(PAY_SUCCESS);
    expect(stateOfTrade('2')).toBe(PAY_FAILURE);
    expect(stateOfTrade(undefined)).toBe(PAY_WAITING);
  });
  it('maps the bridge callback: ok success, cancel and fail failure (not success)', () => {
    expect(stateOfBridge('get_brand_wcpay_request:ok')).toBe(PAY_SUCCESS);
    expect(stateOfBridge('get_brand_wcpay_request:cancel')).toBe(PAY_FAILURE);
    expect(stateOfBridge('get_brand_wcpay_request:fail')).toBe(PAY_FAILURE);
    expect(stateOfBridge(undefined)).toBe(PAY_WAITING);
  });
  it('reduces events: success final, server wins, retry waits', () => {
    expect(nextPayState(PAY_WAITING, { kind: 'bridge', errMsg: 'x:cancel' })).toBe(PAY_FAILURE);
    expect(nextPayState(PAY_FAILURE, { kind: 'server', state: 'SUCCESS' })).toBe(PAY_SUCCESS);
    expect(nextPayState(PAY_SUCCESS, { kind: 'server', state: 'PAYERROR' })).toBe(PAY_SUCCESS);
    expect(nextPayState(PAY_FAILURE, { kind: 'server', state: 'NOTPAY' })).toBe(PAY_FAILURE);
    expect(nextPayState(PAY_WAITING, { kind: 'server', state: 'NOTPAY' })).toBe(PAY_WAITING);
    expect(nextPayState(PAY_FAILURE, { kind: 'retry' })).toBe(PAY_WAITING);
  });
  it('reads the state field', () => {
    expect(tradeStateOf({ state: 'SUCCESS' })).toBe('SUCCESS');
    expect(tradeStateOf({ trade_state: 'CLOSED' })).toBe('CLOSED');
    expect(tradeStateOf(null)).toBeUndefined();
  });
});
