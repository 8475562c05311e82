import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RESIDENT_LINK_KEY, RESIDENT_PAGE_PATH, type ResidentAction } from '@5a/contracts/endpoints/resident';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { gatePersons, type Scope } from '../../estate/index.ts';
import { residentActionLinks } from '../schema.ts';
import { sendSms } from '../sms/send.ts';
import { openSession } from './sessions.ts';
import { isTarget, type LinkPerson } from './targets.ts';

/** a one-time link opens its action for three days */
export const LINK_TTL_HOURS = 72;
export const LinkMsg = {
  invalid: '链接无效或已过期',
  noPhone: '该住户未登记手机号，无法发送链接',
} as const;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const WORDS: Record<ResidentAction, string> = {
  questionnaire: '填写问卷',
  vote: '参与投票',
  bill: '缴纳账单',
};

/**
 * 发送链接: a link to the resident's phone that signs him in for this one action; the target must be his (checked by
 * the action's own rule). Only the token's hash is kept.
 */
export const sendLink = async (
  registry: AppRegistry,
  db: Db,
  s: Scope,
  body: { personId: number; action: ResidentAction; targetId: number; baseUrl: string },
) => {
  const p = await linkedPerson(db, s, body.personId);
  if (!/^1\d{10}$/.test(p.tel)) throw invalid(LinkMsg.noPhone, 'person_id');
  const ok = await isTarget(db, body.action, linkPerson(s, p), body.targetId);
  if (!ok) throw invalid(`${WORDS[body.action]}的对象不存在或不属于该住户`, 'target_id');
  const token = randomBytes(24).toString('base64url');
  const [row] = rowsOf<{ expires_at: string }>(
    await db.execute(sql`insert into ${residentActionLinks} (tenant_id, person_id, action, target_id, token_hash,
        expires_at, created_by)
      values (${s.tenantId}, ${p.id}, ${body.action}, ${body.targetId}, ${hashOf(token)},
        now() + make_interval(hours => ${LINK_TTL_HOURS}), ${s.userId})
      returning expires_at`),
  );
  const url = `${body.baseUrl}${RESIDENT_PAGE_PATH}?${RESIDENT_LINK_KEY}=${token}`;
  await sendSms(
    registry,
    db,
    s.tenantId,
    {
      phone: p.tel,
      template: 'link',
      params: { name: p.name, url },
      words: `${p.name}您好，请点击链接${WORDS[body.action]}：${url}，${LINK_TTL_HOURS}小时内有效。`,
    },
    'link',
  );
  return { url, expires_at: formatTime(new Date(row!.expires_at)), phone: p.tel };
};

/** the person a staff member picked, if he is of the caller's company and villages and approved */
export const linkedPerson = async (db: Db, s: Scope, personId: number) => {
  const [p] = rowsOf<{ id: number; name: string; tel: string; village_id: number; house_id: number }>(
    await db.execute(sql`select id, name, tel, village_id, house_id from ${gatePersons}
      where id = ${personId} and tenant_id = ${s.tenantId} and status = 1`),
  );
  if (!p || (s.villageIds !== null && !s.villageIds.includes(p.village_id)))
    throw invalid('住户不存在或未通过审核', 'person_id');
  return p;
};

export const linkPerson = (s: Scope, p: { village_id: number; house_id: number }): LinkPerson => ({
  tenantId: s.tenantId,
  villageId: p.village_id,
  houseId: p.house_id,
});

/** 链接登录: a live link of a person still approved opens a session for its action only */
export const useLink = async (db: Db, token: string) => {
  const [l] = rowsOf<{ tenant_id: number; person_id: number; action: ResidentAction; target_id: number; tel: string }>(
    await db.execute(sql`select l.tenant_id, l.person_id, l.action, l.target_id, p.tel
      from ${residentActionLinks} l
      join ${gatePersons} p on p.id = l.person_id and p.tenant_id = l.tenant_id and p.status = 1
      where l.token_hash = ${hashOf(token)} and l.expires_at > now()`),
  );
  if (!l) throw fail(LinkMsg.invalid);
  const s = await openSession(db, {
    tenantId: l.tenant_id,
    phone: l.tel,
    action: l.action,
    targetId: l.target_id,
    personId: l.person_id,
  });
  return { ...s, action: l.action, target_id: l.target_id };
};
