import { createHmac, randomUUID } from 'node:crypto';
import { SmsError, type SmsProvider } from './provider.ts';

export type AliyunSmsKeys = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** template codes by purpose: the login code's takes ${code}, the link's ${name} and ${url} */
  templates: Record<'login' | 'link', string>;
  endpoint?: string;
};

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it: spaces %20, '*' %2A, '~' kept */
export const percentEncode = (s: string) =>
  encodeURIComponent(s)
    .replace(/\+/g, '%20')
    .replace(/\*/g, '%2A')
    .replace(/%7E/g, '~')
    .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Signature version 1.0 of the RPC API: HMAC-SHA1, keyed by the AccessKey secret and '&', over
 * `GET&%2F&` + the encoded, sorted query.
 */
export const signRpc = (params: Record<string, string>, secret: string, method = 'GET') => {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
};

type SendSmsReply = { Code?: string; Message?: string; BizId?: string; RequestId?: string };

/** Dysmsapi SendSms (version 2017-05-25): one text per call, the reply's Code 'OK' is delivery accepted. */
export const aliyunSmsProvider = (k: AliyunSmsKeys, fetchImpl: typeof fetch = fetch): SmsProvider => ({
  kind: 'aliyun',
  send: async (text) => {
    const params: Record<string, string> = {
      AccessKeyId: k.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: text.phone,
      RegionId: 'cn-hangzhou',
      SignName: k.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: k.templates[text.template],
      TemplateParam: JSON.stringify(text.params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const query = new URLSearchParams({ ...params, Signature: signRpc(params, k.accessKeySecret) });
    let reply: SendSmsReply;
    try {
      const res = await fetchImpl(`${k.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?${query}`, {
        signal: AbortSignal.timeout(10_000),
      });
      reply = (await res.json()) as SendSmsReply;
    } catch (e) {
      throw new SmsError(`短信服务无法连接：${e instanceof Error ? e.message : String(e)}`);
    }
    if (reply.Code !== 'OK') throw new SmsError(`短信发送失败：${reply.Message ?? reply.Code ?? '未知错误'}`);
    return { bizId: reply.BizId ?? '' };
  },
});
