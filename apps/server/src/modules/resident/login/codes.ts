import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { gatePersons } from '../../estate/index.ts';
import { tenants } from '../../tenancy/index.ts';
import { residentLoginCodes } from '../schema.ts';
import { sendSms } from '../sms/send.ts';

/** a code lives this long and takes this many wrong tries */
export const CODE_TTL_SEC = 300;
export const CODE_TRIES = 5;
/** per phone: one code a minute, ten a day; per address: thirty an hour */
export const RESEND_AFTER_SEC = 60;
export const CODES_PER_PHONE_DAY = 10;
export const CODES_PER_IP_HOUR = 30;

export const LoginMsg = {
  notResident: '该手机号未登记为住户，请联系物业',
  tooSoon: '验证码发送过于频繁，请稍后再试',
  phoneDay: '该手机号今日获取验证码次数已达上限',
  ipHour: '请求过于频繁，请稍后再试',
  expired: '验证码已过期，请重新获取',
  wrong: '验证码错误',
  exhausted: '验证码错误次数过多，请重新获取',
  chooseTenant: '请选择物业公司',
} as const;

const hashOf = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** the companies where the phone is an approved resident's, first registered first */
export const residentTenants = async (db: Pick<Db, 'execute'>, phone: string) =>
  rowsOf<{ tenant_id: number; name: string }>(
    await db.execute(sql`select t.id as tenant_id, t.name from ${tenants} t
      where exists (select 1 from ${gatePersons} p where p.tel = ${phone} and p.status = 1 and p.tenant_id = t.id)
      order by t.id`),
  );

/**
 * 获取验证码: a six-digit code for an approved resident's phone, sent through the company's SMS provider. The limits
 * are read from the codes already sent, under a lock on the phone, so two requests at once cannot both pass them; a
 * new code voids the phone's earlier ones.
 */
export const sendCode = async (registry: AppRegistry, db: Db, phone: string, ip: string) => {
  const owners = await residentTenants(db, phone);
  if (!owners.length) throw invalid(LoginMsg.notResident, 'phone');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`resident-code:${phone}`}))`);
    const [n] = rowsOf<{ minute: number; day: number; ip_hour: number }>(
      await tx.execute(sql`select
        (select count(*) from ${residentLoginCodes} where phone = ${phone}
          and created_at > now() - make_interval(secs => ${RESEND_AFTER_SEC}))::int as minute,
        (select count(*) from ${residentLoginCodes} where phone = ${phone}
          and created_at > now() - interval '1 day')::int as day,
        (select count(*) from ${residentLoginCodes} where ip = ${ip}
          and created_at > now() - interval '1 hour')::int as ip_hour`),
    );
    if (n!.minute > 0) throw fail(LoginMsg.tooSoon);
    if (n!.day >= CODES_PER_PHONE_DAY) throw fail(LoginMsg.phoneDay);
    if (n!.ip_hour >= CODES_PER_IP_HOUR) throw fail(LoginMsg.ipHour);
    await tx.execute(sql`update ${residentLoginCodes} set used_at = now() where phone = ${phone} and used_at is null`);
    await tx.execute(sql`insert into ${residentLoginCodes} (phone, code_hash, ip, expires_at)
      values (${phone}, ${hashOf(phone, code)}, ${ip}, now() + make_interval(secs => ${CODE_TTL_SEC}))`);
  });
  await sendSms(
    registry,
    db,
    owners[0]!.tenant_id,
    {
      phone,
      template: 'login',
      params: { code },
      words: `您的登录验证码为${code}，${CODE_TTL_SEC / 60}分钟内有效。如非本人操作，请忽略本短信。`,
    },
    'login',
  );
  return { expires_in: CODE_TTL_SEC, resend_in: RESEND_AFTER_SEC };
};

type Checked = { ok: true } | { ok: false; msg: string };

/**
 * Checks and spends a code: the phone's latest live one, locked; a wrong code counts a try (and the fifth voids it) — the count
 * is committed even though the login is refused.
 */
export const checkCode = async (db: Db, phone: string, code: string, spend = true): Promise<void> => {
  const result = await db.transaction(async (tx): Promise<Checked> => {
    const [c] = rowsOf<{ id: number; code_hash: string; tries: number }>(
      await tx.execute(sql`select id, code_hash, tries from ${residentLoginCodes}
        where phone = ${phone} and used_at is null and expires_at > now()
        order by id desc limit 1 for update`),
    );
    if (!c) return { ok: false, msg: LoginMsg.expired };
    if (c.code_hash !== hashOf(phone, code)) {
      const tries = c.tries + 1;
      await tx.execute(sql`update ${residentLoginCodes} set tries = ${tries},
        used_at = case when ${tries} >= ${CODE_TRIES} then now() else null end where id = ${c.id}`);
      return { ok: false, msg: tries >= CODE_TRIES ? LoginMsg.exhausted : LoginMsg.wrong };
    }
    // a resident of several companies picks one first: the right code is checked, and spent with his choice
    if (spend) await tx.execute(sql`update ${residentLoginCodes} set used_at = now() where id = ${c.id}`);
    return { ok: true };
  });
  if (!result.ok) throw invalid(result.msg, 'code');
};
