import { describe, expect, it } from 'vitest';
import { payAgainHref } from './ParkingPayPage.tsx';
import { inWeChat, oauthTarget, wechatOAuthUrl } from './wechat.ts';

describe('paying inside WeChat', () => {
  it("tells WeChat's browser from others by its user agent", () => {
    expect(inWeChat('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.50 NetType/WIFI')).toBe(true);
    expect(inWeChat('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile Safari/604.1')).toBe(false);
  });

  it('signs the driver in silently and comes back to the page with the plate and the wish to pay', () => {
    const back = payAgainHref('https://wy.example.com/parking_pay?lot=abc.def&code=old&state=pay', '沪A12345');
    const u = new URL(back);
    expect(Object.fromEntries(u.searchParams)).toEqual({ lot: 'abc.def', plate: '沪A12345', pay: '1' });
    const target = new URL(wechatOAuthUrl('wx123', back));
    expect(target.origin + target.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(target.searchParams.get('appid')).toBe('wx123');
    expect(target.searchParams.get('redirect_uri')).toBe(back);
    expect(target.searchParams.get('scope')).toBe('snsapi_base');
    expect(target.hash).toBe('#wechat_redirect');
  });

  it('sends a bill payer of the sandbox back to the same page with code=sandbox', () => {
    expect(oauthTarget('https://wy.example.com/wap_pay_page?billInfo=9', { appId: 'sandbox' })).toBe(
      'https://wy.example.com/wap_pay_page?billInfo=9&code=sandbox',
    );
    expect(oauthTarget('https://x/p', { oauthUrl: 'https://o/auth' })).toBe('https://o/auth');
  });
});
