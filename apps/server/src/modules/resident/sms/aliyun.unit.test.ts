import { describe, expect, it } from 'vitest';
import { aliyunSmsProvider, signRpc } from './aliyun.ts';
import { SmsError } from './provider.ts';

const keys = {
  accessKeyId: 'testId',
  accessKeySecret: 'testSecret',
  signName: '阳光物业',
  templates: { login: 'SMS_1', link: 'SMS_2' },
};

describe('阿里云短信 SendSms', () => {
  it('signs as the provider documents it (its published example)', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signRpc(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('sends the template and its parameters, signed, and reads the BizId', async () => {
    let asked = '';
    const fake = (async (url: string) => {
      asked = url;
      return new Response(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: 'biz-1' }));
    }) as typeof fetch;
    const out = await aliyunSmsProvider(keys, fake).send({
      phone: '13912345678',
      template: 'login',
      params: { code: '123456' },
      words: '',
    });
    expect(out).toEqual({ bizId: 'biz-1' });
    const q = new URL(asked).searchParams;
    expect(
      Object.fromEntries(
        ['Action', 'PhoneNumbers', 'SignName', 'TemplateCode', 'TemplateParam'].map((k) => [k, q.get(k)]),
      ),
    ).toEqual({
      Action: 'SendSms',
      PhoneNumbers: '13912345678',
      SignName: '阳光物业',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
    });
    // the signature covers every other parameter
    const rest = Object.fromEntries([...q].filter(([k]) => k !== 'Signature'));
    expect(q.get('Signature')).toBe(signRpc(rest, 'testSecret'));
  });

  it('answers a refusal or an unreachable service with the reason', async () => {
    const refuse = (async () =>
      new Response(
        JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' }),
      )) as unknown as typeof fetch;
    await expect(
      aliyunSmsProvider(keys, refuse).send({ phone: '13912345678', template: 'link', params: {}, words: '' }),
    ).rejects.toThrow(new SmsError('短信发送失败：触发分钟级流控'));
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    await expect(
      aliyunSmsProvider(keys, down).send({ phone: '13912345678', template: 'link', params: {}, words: '' }),
    ).rejects.toThrow('短信服务无法连接：ECONNREFUSED');
  });
});
