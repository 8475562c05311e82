import type { WebPayParams } from './api.ts';

/** the code a page uses for itself when the provider is the sandbox: no messaging app to sign in with */
export const SANDBOX_CODE = 'sandbox';

type Bridge = { invoke: (name: string, params: WebPayParams, cb: (res: { err_msg?: string }) => void) => void };

/** WeChat's in-app payment bridge, present only inside WeChat */
export const wechatBridge = (): Bridge | undefined => (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;

/** the page runs in WeChat's own browser (a QR code scanned with WeChat opens there) */
export const inWeChat = (userAgent: string = navigator.userAgent) => /MicroMessenger/i.test(userAgent);

/** WeChat's silent sign-in (snsapi_base) for `appId`, coming back to `href` with ?code= */
export const wechatOAuthUrl = (appId: string, href: string) =>
  `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${encodeURIComponent(appId)}&redirect_uri=${encodeURIComponent(href)}&response_type=code&scope=snsapi_base&state=pay#wechat_redirect`;

/**
 * Where a payer without an OAuth code goes: the messaging app's OAuth page when the server names an
 * app (oauthUrl or appId), otherwise (sandbox) this same page with code=sandbox.
 */
export const oauthTarget = (href: string, info: { oauthUrl?: string; appId?: string } | null | undefined): string => {
  if (info?.oauthUrl) return info.oauthUrl;
  if (info?.appId && info.appId !== SANDBOX_CODE) return wechatOAuthUrl(info.appId, href);
  const url = new URL(href);
  url.searchParams.set('code', SANDBOX_CODE);
  return url.toString();
};
