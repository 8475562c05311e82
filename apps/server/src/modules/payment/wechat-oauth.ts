/**
 * WeChat Official Account web authorization (网页授权), the step before a JSAPI payment: the payer's
 * browser comes back from open.weixin.qq.com/connect/oauth2/authorize with a `code`; the server
 * exchanges it for the payer's openid with
 *   GET https://api.weixin.qq.com/sns/oauth2/access_token?appid=APPID&secret=SECRET&code=CODE&grant_type=authorization_code
 * which answers {access_token, expires_in, refresh_token, openid, scope, …} or {errcode, errmsg}
 * (HTTP 200 either way). A code is good for one exchange within five minutes.
 */
export type HttpGet = (url: string, init: { signal: AbortSignal }) => Promise<{ status: number; body: string }>;

export type WechatOAuthConfig = {
  appid: string;
  /** the official account's AppSecret */
  secret: string;
  /** https://api.weixin.qq.com unless a test points it at a local fake */
  baseUrl?: string;
  /** injectable HTTP GET; defaults to global fetch */
  get?: HttpGet;
  timeoutMs?: number;
};

export type OAuthToken = {
  openid: string;
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  scope: string;
  unionid?: string;
};

export class WechatOAuthError extends Error {
  readonly errcode: number | null;
  constructor(message: string, errcode: number | null = null) {
    super(message);
    this.name = 'WechatOAuthError';
    this.errcode = errcode;
  }
}

/** What the payer should read for the errors a code exchange commonly meets. */
const reasons = new Map<number, string>([
  [40029, '授权码无效或已过期，请重新打开支付页面'],
  [40163, '授权码已使用，请重新打开支付页面'],
  [40013, '公众号AppID无效'],
  [40125, '公众号AppSecret无效'],
  [40001, '公众号AppSecret错误'],
  [41008, '缺少授权码'],
  [45011, '授权请求过于频繁，请稍后再试'],
  [-1, '微信系统繁忙，请稍后再试'],
]);

const fetchGet: HttpGet = async (url, init) => {
  const res = await fetch(url, { method: 'GET', signal: init.signal, headers: { Accept: 'application/json' } });
  return { status: res.status, body: await res.text() };
};

type Reply = {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  openid?: unknown;
  scope?: unknown;
  unionid?: unknown;
  errcode?: unknown;
  errmsg?: unknown;
};

export const wechatOAuth = (cfg: WechatOAuthConfig) => {
  const base = (cfg.baseUrl ?? 'https://api.weixin.qq.com').replace(/\/$/, '');
  const get = cfg.get ?? fetchGet;
  const timeoutMs = cfg.timeoutMs ?? 5000;

  /** The URL the payer's browser is sent to for a code (snsapi_base: silent, openid only). */
  const authorizeUrl = (redirectUri: string, state = 'pay') =>
    `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${encodeURIComponent(cfg.appid)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}#wechat_redirect`;

  const exchange = async (code: string): Promise<OAuthToken> => {
    const c = code.trim();
    if (!c) throw new WechatOAuthError('缺少授权码', 41008);
    if (c.length > 512) throw new WechatOAuthError('授权码格式错误', 40029);
    const query = new URLSearchParams({
      appid: cfg.appid,
      secret: cfg.secret,
      code: c,
      grant_type: 'authorization_code',
    });
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), timeoutMs);
    let res: { status: number; body: string };
    try {
      res = await get(`${base}/sns/oauth2/access_token?${query.toString()}`, { signal: ctl.signal });
    } catch (e) {
      throw new WechatOAuthError(
        ctl.signal.aborted
          ? '微信授权服务超时，请稍后再试'
          : `微信授权服务不可用：${e instanceof Error ? e.message : String(e)}`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (res.status < 200 || res.status >= 300) throw new WechatOAuthError(`微信授权服务异常（HTTP ${res.status}）`);
    let reply: Reply;
    try {
      reply = JSON.parse(res.body) as Reply;
    } catch {
      throw new WechatOAuthError('微信授权服务返回格式错误');
    }
    if (reply.errcode !== undefined && Number(reply.errcode) !== 0) {
      const errcode = Number(reply.errcode);
      throw new WechatOAuthError(
        `微信授权失败：${reasons.get(errcode) ?? String(reply.errmsg ?? '未知错误')}（${errcode}）`,
        errcode,
      );
    }
    if (typeof reply.openid !== 'string' || !reply.openid) throw new WechatOAuthError('微信授权服务未返回openid');
    return {
      openid: reply.openid,
      accessToken: typeof reply.access_token === 'string' ? reply.access_token : '',
      expiresIn: Number(reply.expires_in ?? 0),
      refreshToken: typeof reply.refresh_token === 'string' ? reply.refresh_token : '',
      scope: typeof reply.scope === 'string' ? reply.scope : '',
      ...(typeof reply.unionid === 'string' ? { unionid: reply.unionid } : {}),
    };
  };

  return { authorizeUrl, exchange, openidFromCode: async (code: string) => (await exchange(code)).openid };
};
