import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { invalid, notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { allowedPicture } from '../../document/index.ts';
import { gatePersons, logSensitiveViews, SENSITIVE_PERM, workers, type Scope } from '../../estate/index.ts';
import { accessFaceConsents, accessPersonPasses } from '../schema-faces.ts';
import { KIND_RESIDENT, KIND_WORKER } from '../rights/expected.ts';

/** a face the camera took in the dialog: a small inline JPEG or PNG (an upload of the company is the other way) */
const INLINE_FACE = /^data:image\/(jpeg|png|svg\+xml);base64,[A-Za-z0-9+/=]+$/;
const INLINE_MAX = 400_000;

/** whom credentials are kept for: residents and staff, each found within the caller's company and villages */
export type CredentialKind = {
  kind: number;
  /** 住户 / 员工, as the messages name him */
  label: string;
  /** the field an unmasked view of his face is logged under */
  logField: string;
  find: (db: Db, s: Scope, personId: number) => Promise<{ id: number; name: string; villageId: number; card: string }>;
};

const inScope = <P extends { villageId: number }>(s: Scope, p: P | undefined, label: string): P => {
  if (!p || (s.villageIds !== null && !s.villageIds.includes(p.villageId))) throw notFound(label);
  return p;
};

/** the resident, if he is the caller's (company and villages); anyone else is 数据不存在 */
export const residentKind: CredentialKind = {
  kind: KIND_RESIDENT,
  label: '住户',
  logField: 'face',
  find: async (db, s, personId) => {
    const [p] = await db
      .select({
        id: gatePersons.id,
        name: gatePersons.name,
        villageId: gatePersons.villageId,
        card: gatePersons.gateCardId,
      })
      .from(gatePersons)
      .where(and(eq(gatePersons.id, personId), eq(gatePersons.tenantId, s.tenantId)))
      .limit(1);
    return inScope(s, p, '住户');
  },
};

/** the worker, if he is the caller's; his door card is kept on his pass row */
export const workerKind: CredentialKind = {
  kind: KIND_WORKER,
  label: '员工',
  logField: 'worker_face',
  find: async (db, s, personId) => {
    const [p] = await db
      .select({
        id: workers.id,
        name: workers.name,
        villageId: workers.villageId,
        card: sql<string>`coalesce(${accessPersonPasses.cardNo}, '')`,
      })
      .from(workers)
      .leftJoin(
        accessPersonPasses,
        and(
          eq(accessPersonPasses.tenantId, workers.tenantId),
          eq(accessPersonPasses.personKind, KIND_WORKER),
          eq(accessPersonPasses.personId, workers.id),
        ),
      )
      .where(and(eq(workers.id, personId), eq(workers.tenantId, s.tenantId)))
      .limit(1);
    return inScope(s, p, '员工');
  },
};

/** the live consent as a reply shows it */
export type FaceView = {
  id: number;
  face_img: string;
  /** the picture was withheld: the caller lacks the right to see sensitive data */
  face_masked: boolean;
  purpose: string;
  consented_by: string;
  consented_at: string;
  recorded_by: string;
};

/**
 * The person's live consent and face. Without the sensitive right (查看敏感信息) the picture is withheld; with it,
 * the view is logged like an unmasked ID card (the estate's log, field 'face').
 */
export const faceOf = async (db: Db, s: Scope, k: CredentialKind, personId: number): Promise<FaceView | null> => {
  const [c] = await db
    .select()
    .from(accessFaceConsents)
    .where(
      and(
        eq(accessFaceConsents.tenantId, s.tenantId),
        eq(accessFaceConsents.personKind, k.kind),
        eq(accessFaceConsents.personId, personId),
        isNull(accessFaceConsents.withdrawnAt),
      ),
    )
    .limit(1);
  if (!c) return null;
  const shown = s.perms.has(SENSITIVE_PERM);
  if (shown) logSensitiveViews(db, s, [personId], k.logField);
  return {
    id: c.id,
    face_img: shown ? c.faceImg : '',
    face_masked: !shown,
    purpose: c.purpose,
    consented_by: c.consentedBy,
    consented_at: formatTime(c.consentedAt),
    recorded_by: c.recordedByName,
  };
};

export type ConsentInput = { face_img: string; purpose: string; consented_by: string; consented_at?: string };

/** the face is one of the company's uploads or a small inline picture taken on the spot */
const checkFace = (tenantId: number, img: string) => {
  if (!img) throw invalid('请上传人脸照片', 'face_img');
  if (INLINE_FACE.test(img)) {
    if (img.length > INLINE_MAX) throw invalid('人脸照片不能超过300KB', 'face_img');
    return;
  }
  if (!allowedPicture(img, tenantId, null)) throw invalid('人脸照片只能是本公司上传的图片', 'face_img');
};

/**
 * Records the consent and the face together (the face is never stored alone); a person's live consent is replaced
 * by the new one in place. The staff user recording it is the caller.
 */
export const saveConsent = async (
  db: Db,
  s: Scope,
  staffName: string,
  k: CredentialKind,
  personId: number,
  input: ConsentInput,
  at: Date,
) => {
  const p = await k.find(db, s, personId);
  checkFace(s.tenantId, input.face_img);
  const values = {
    faceImg: input.face_img,
    purpose: input.purpose,
    consentedBy: input.consented_by,
    consentedAt: at,
    recordedBy: s.userId,
    recordedByName: staffName,
  };
  await db
    .insert(accessFaceConsents)
    .values({ tenantId: s.tenantId, villageId: p.villageId, personKind: k.kind, personId, ...values })
    .onConflictDoUpdate({
      target: [accessFaceConsents.tenantId, accessFaceConsents.personKind, accessFaceConsents.personId],
      targetWhere: sql`withdrawn_at is null`,
      set: { ...values, updatedAt: at },
    });
  touchTable(accessFaceConsents);
  return p;
};

/**
 * Withdrawing the consent deletes the face at once (the row keeps who consented and when it was withdrawn); the
 * doors' expected lists are computed, so the person drops from every one of them with it.
 */
export const withdrawConsent = async (db: Db, s: Scope, k: CredentialKind, personId: number) => {
  await k.find(db, s, personId);
  const res = await db
    .update(accessFaceConsents)
    .set({ faceImg: '', withdrawnAt: new Date(), withdrawnBy: s.userId, updatedAt: new Date() })
    .where(
      and(
        eq(accessFaceConsents.tenantId, s.tenantId),
        eq(accessFaceConsents.personKind, k.kind),
        eq(accessFaceConsents.personId, personId),
        isNull(accessFaceConsents.withdrawnAt),
      ),
    )
    .returning({ id: accessFaceConsents.id });
  if (!res.length) throw invalid(`该${k.label}没有有效的人脸授权`, 'person_id');
  touchTable(accessFaceConsents);
};
