import { sql } from 'drizzle-orm';
import type { Envelope } from '@5a/contracts';
import { residentApi, RESIDENT_TOKEN_HEADER, type LoginReply } from '@5a/contracts/endpoints/resident';
import type { TestApp } from '../../test/harness.ts';

/** a call of the phone page: its session in its own header, from its own address */
export const h5Call =
  (t: TestApp) =>
  async <T>(path: string, body: unknown, token?: string, ip = '10.0.0.1') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/xapi${path}`,
      payload: body as object,
      remoteAddress: ip,
      headers: token ? { [RESIDENT_TOKEN_HEADER]: token } : {},
    });
    return res.json() as Envelope<T>;
  };

/** the newest code the sandbox sent a phone, as 短信记录 keeps it */
export const lastSmsCode = async (t: TestApp, phone: string) => {
  const m = await t.one<{ content: string }>(
    sql`select content from sms_messages where phone = ${phone} order by id desc limit 1`,
  );
  return /(\d{6})/.exec(m.content)![1]!;
};

/** signs a resident in by his phone (the one-a-minute rule stepped over): his session token */
export const signInResident = async (t: TestApp, phone: string) => {
  const h5 = h5Call(t);
  await t.db.execute(
    sql`update resident_login_codes set created_at = created_at - interval '2 minutes' where phone = ${phone}`,
  );
  const sent = await h5(residentApi.sendCode.path, { phone });
  if (sent.code !== 0) throw new Error(sent.msg);
  const r = await h5<LoginReply>(residentApi.login.path, { phone, code: await lastSmsCode(t, phone) });
  if (r.code !== 0 || !('token' in r.data)) throw new Error(r.msg);
  return r.data.token;
};
