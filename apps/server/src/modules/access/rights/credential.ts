import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { gatePersons, workers } from '../../estate/index.ts';
import { configSecretKey } from '../../system/index.ts';
import { accessPersonPasses } from '../schema-faces.ts';
import { KIND_WORKER } from './expected.ts';

/** how long a dynamic QR code opens doors: short, so a screenshot passed on is soon worthless */
export const QR_TTL_SEC = 300;

/** what a QR code carries, signed: whose it is, which issue of his codes, until when */
export type QrClaim = { tenantId: number; kind: number; personId: number; version: number; exp: number };

/** the QR key is derived from the installation's config secret key, so no second secret has to be kept */
const qrKey = (registry: AppRegistry) => {
  const key = configSecretKey(registry);
  if (!key) throw fail('未配置密钥加密密钥（CONFIG_SECRET_KEY），不能签发二维码');
  return createHmac('sha256', key).update('access-qr').digest();
};

const mac = (key: Buffer, c: QrClaim) =>
  createHmac('sha256', key)
    .update(`${c.tenantId}.${c.kind}.${c.personId}.${c.version}.${c.exp}`)
    .digest('base64url')
    .slice(0, 22);

/** the code as the person's phone shows it: `5A.<tenant>.<kind>.<person>.<version>.<exp>.<mac>` */
export const signQr = (registry: AppRegistry, c: QrClaim) =>
  `5A.${c.tenantId}.${c.kind}.${c.personId}.${c.version}.${c.exp}.${mac(qrKey(registry), c)}`;

/** the claim of a code whose signature holds and whose time has not run out; null otherwise */
export const readQr = (registry: AppRegistry, code: string, nowSec = Math.floor(Date.now() / 1000)): QrClaim | null => {
  const m = /^5A\.(\d+)\.(\d+)\.(\d+)\.(\d+)\.(\d+)\.([A-Za-z0-9_-]{22})$/.exec(code);
  if (!m) return null;
  const [tenantId, kind, personId, version, exp] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const c = { tenantId, kind, personId, version, exp };
  const want = Buffer.from(mac(qrKey(registry), c));
  const got = Buffer.from(m[6]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return exp >= nowSec ? c : null;
};

/**
 * The person's current issue of QR codes; `reissue` bumps it first, so every code given out before stops opening.
 * One statement either way (the pass row is made on first use).
 */
export const qrVersion = async (db: Db, tenantId: number, kind: number, personId: number, reissue: boolean) => {
  const res = await db.execute(sql`
    insert into ${accessPersonPasses} (tenant_id, person_kind, person_id, qr_version)
    values (${tenantId}, ${kind}, ${personId}, 1)
    on conflict (tenant_id, person_kind, person_id) do update
      set qr_version = ${accessPersonPasses.qrVersion} + ${reissue ? 1 : 0}, updated_at = now()
    returning qr_version, barred_at`);
  const row = (res as unknown as { rows: { qr_version: number; barred_at: string | null }[] }).rows[0]!;
  return { version: Number(row.qr_version), barred: row.barred_at !== null };
};

/** 禁止通行 on or off: the person drops from (or returns to) every door's list at once */
export const setBarred = async (db: Db, tenantId: number, kind: number, personId: number, barred: boolean) => {
  await db.execute(sql`
    insert into ${accessPersonPasses} (tenant_id, person_kind, person_id, barred_at)
    values (${tenantId}, ${kind}, ${personId}, ${barred ? sql`now()` : sql`null`})
    on conflict (tenant_id, person_kind, person_id) do update
      set barred_at = ${barred ? sql`coalesce(${accessPersonPasses.barredAt}, now())` : sql`null`}, updated_at = now()`);
};

/** whether the person is barred */
export const isBarred = async (db: Db, tenantId: number, kind: number, personId: number) => {
  const res = await db.execute(sql`select 1 from ${accessPersonPasses} where tenant_id = ${tenantId}
    and person_kind = ${kind} and person_id = ${personId} and barred_at is not null`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
};

/** who in the company already holds a door card number: a resident (his own row) or another worker (his pass) */
const cardHolder = async (db: Db, tenantId: number, card: string, workerId: number) => {
  const res = await db.execute(sql`
    select name from (
      select p.name::text from ${gatePersons} p where p.tenant_id = ${tenantId} and p.gate_card_id = ${card}
      union all
      select w.name::text from ${accessPersonPasses} b join ${workers} w on w.id = b.person_id
      where b.tenant_id = ${tenantId} and b.person_kind = ${KIND_WORKER} and b.card_no = ${card}
        and b.person_id <> ${workerId}
    ) x limit 1`);
  return (res as unknown as { rows: { name: string }[] }).rows[0]?.name ?? null;
};

/**
 * A staff member's door card ('' takes it back). A number is one person's in the company: a door reading it must
 * name one person, so a card a resident or another worker holds is refused.
 */
export const setWorkerCard = async (db: Db, tenantId: number, workerId: number, card: string) => {
  if (card) {
    const holder = await cardHolder(db, tenantId, card, workerId);
    if (holder !== null) throw invalid(`门禁卡号已被${holder}使用`, 'card_no');
  }
  await db.execute(sql`
    insert into ${accessPersonPasses} (tenant_id, person_kind, person_id, card_no)
    values (${tenantId}, ${KIND_WORKER}, ${workerId}, ${card})
    on conflict (tenant_id, person_kind, person_id) do update set card_no = ${card}, updated_at = now()`);
};
